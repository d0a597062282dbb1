import { useEffect } from 'react';
import { acceptConfirm, parseConfirmOptions, trackConfirmBody } from '../../../lib/modals/confirm-requests';
import type { ModalBodyProps } from '../../../lib/modals/modal-types';

const proceedLabels = { delete: 'Delete', close: 'Close' } as const;

/**
 * Asks to confirm a delete or a close (`?modal=confirm/delete`). Opened through useConfirm()
 * it also answers that promise.
 */
export default function ConfirmModal({ options, detail, closeModal }: ModalBodyProps) {
  const { type, requestId } = parseConfirmOptions(options);

  useEffect(() => trackConfirmBody(requestId), [requestId]);

  return (
    <>
      {detail ? <p className="modal__text">{detail}</p> : null}
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={closeModal}>
          Cancel
        </button>
        <button
          type="button"
          className={type === 'delete' ? 'button button--danger' : 'button button--primary'}
          onClick={() => {
            acceptConfirm(requestId);
            closeModal();
          }}
        >
          {proceedLabels[type]}
        </button>
      </div>
    </>
  );
}
