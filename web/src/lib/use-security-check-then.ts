import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { sessionQueryKey, type TSessionUser, useSession } from './session';
import { useSecurityCheck } from './use-security-check';

/**
 * What waits for the security question to be answered, by name, with when it began. It is
 * kept outside React because the check's modal replaces a modal that asked for it (the
 * payout form), which mounts again once the check closes.
 */
const waiting = new Map<string, { saved: unknown; at: number }>();
/** Past this, what waited is dropped rather than sent: the person has moved on. */
const CARRY_ON_WITHIN_MS = 3 * 60 * 1000;

/** What was waiting under `name`, if it is recent: for a form to show its fields again. */
export function peekWaitingForSecurityCheck<Saved>(name: string): Saved | undefined {
  const entry = waiting.get(name);
  if (!entry || Date.now() - entry.at > CARRY_ON_WITHIN_MS) return undefined;
  return entry.saved as Saved;
}

/**
 * For requests to 'security-checked' routes (payouts, auto-payout, payment methods): when
 * the server answers 403 SECURITY_CHECK_REQUIRED (or SECURITY_QUESTION_REQUIRED), the check
 * opens (useSecurityCheck), and once it is answered `carryOn` runs with what was saved, so
 * the person does not have to start again. Returns `askThenCarryOn(error, saved)`: true
 * when the error was the check's (and the check is now open).
 */
export function useSecurityCheckThen<Saved>(name: string, carryOn: (saved: Saved) => void) {
  const queryClient = useQueryClient();
  const { handleSecurityCheckError } = useSecurityCheck();
  const isChecked = useSession().data?.isSecurityQuestionVerified === true;
  const carryOnRef = useRef(carryOn);
  carryOnRef.current = carryOn;

  useEffect(() => {
    if (!isChecked) return;
    const saved = peekWaitingForSecurityCheck<Saved>(name);
    waiting.delete(name);
    if (saved !== undefined) carryOnRef.current(saved);
  }, [isChecked, name]);

  return useCallback(
    (error: unknown, saved: Saved) => {
      if (!handleSecurityCheckError(error)) return false;
      waiting.set(name, { saved, at: Date.now() });
      // The server's word: this session has not answered (its check may have lapsed while
      // the page was open), so answering it is a change the effect above sees.
      queryClient.setQueryData<TSessionUser | null>(sessionQueryKey, (user) =>
        user ? { ...user, isSecurityQuestionVerified: false } : user,
      );
      return true;
    },
    [handleSecurityCheckError, name, queryClient],
  );
}
