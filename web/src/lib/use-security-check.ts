import { useCallback } from 'react';
import { ApiError } from './api-client';
import { useModal } from './modals/use-modal';
import { toast } from './toast';

/**
 * Some changes need the security question answered in this session (changing the question
 * itself, or any change by an account without a password). This opens the existing check
 * with 'no-redirect', so the person comes back here and saves again.
 */
export function useSecurityCheck() {
  const { openModal } = useModal();
  const openSecurityCheck = useCallback(
    (message?: string) => {
      if (message) toast.message(message);
      openModal('verify-security-question', { options: 'no-redirect' });
    },
    [openModal],
  );
  /**
   * True when the error was the server asking for sign-in's second step (and the step is now
   * open): the question answered in this session, or set at all.
   */
  const handleSecurityCheckError = useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError)) return false;
      if (error.code === 'SECURITY_CHECK_REQUIRED') {
        openSecurityCheck(error.message);
        return true;
      }
      if (error.code === 'SECURITY_QUESTION_REQUIRED') {
        toast.message(error.message);
        openModal('setup-security-question', { options: 'no-redirect' });
        return true;
      }
      return false;
    },
    [openSecurityCheck, openModal],
  );
  return { openSecurityCheck, handleSecurityCheckError };
}
