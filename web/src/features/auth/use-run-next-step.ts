import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useModal } from '../../lib/modals/use-modal';
import type { NextStep } from './sign-in-sequence';

/**
 * Carries out a step of the sign-in sequence. The next modal replaces the current one and a
 * page change replaces the current history entry, so Back does not return to a finished form.
 */
export function useRunNextStep() {
  const navigate = useNavigate();
  const { openModal, closeModal } = useModal();
  return useCallback(
    (step: NextStep) => {
      if (step.kind === 'open-modal') {
        const showClose = 'showClose' in step ? step.showClose : true;
        openModal(step.modal, { options: step.options, showClose, shouldReplace: true });
      } else if (step.kind === 'close-modal') closeModal();
      else navigate(step.to, { replace: true });
    },
    [navigate, openModal, closeModal],
  );
}

/** The `next_page` query value of the current address (the spec's redirect after sign-in). */
export function useNextPage() {
  return new URLSearchParams(useLocation().search).get('next_page');
}
