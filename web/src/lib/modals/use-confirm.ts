import { useCallback } from 'react';
import { type ConfirmType, formatConfirmOptions, registerConfirm } from './confirm-requests';
import { useModal } from './use-modal';

type ConfirmRequest = { type: ConfirmType; title?: string; message: string };

/**
 * Asks the visitor to confirm, in the confirm modal:
 *   if (await confirm({ type: 'delete', title: 'Delete card', message: '…' })) …
 * Resolves true for Delete/Close, false for Cancel, Escape, the backdrop or Back.
 */
export function useConfirm() {
  const { openModal } = useModal();
  return useCallback(
    ({ type, title, message }: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        const requestId = registerConfirm(resolve);
        openModal('confirm', { options: formatConfirmOptions(type, requestId), title, detail: message });
      }),
    [openModal],
  );
}
