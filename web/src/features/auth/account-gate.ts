import type { TSessionUser } from '../../lib/session';

/** What the account guard does on a page. */
export type GateDecision =
  | { kind: 'none' }
  | { kind: 'redirect'; to: typeof accountSetupPath }
  | { kind: 'verify-email' }
  | { kind: 'set-security-question' };

export const accountSetupPath = '/account-setup';
export const emailVerificationModal = 'email-verification';
export const securityQuestionSetupModal = 'setup-security-question';

/** Pages anyone may read whatever the state of their account. */
const openPaths = new Set(['/terms-of-use', '/privacy-policy', '/about']);
/**
 * Sign-in and the steps of its sequence: the session is set before the sequence has moved
 * on, so the guard waits until it has (else it would race the sequence's own navigation).
 */
const signInModals = new Set(['signin', 'setup-security-question', 'verify-security-question']);
const signInPath = '/signin';

type GateInput = {
  /** undefined while the session is loading, null when signed out. */
  user:
    | Pick<TSessionUser, 'email' | 'isEmailVerified' | 'signedInWith' | 'account_type' | 'security_question'>
    | null
    | undefined;
  pathname: string;
  /** The modal the URL opens (`?modal=name/…`), or null. */
  modalName: string | null;
};

/** A password account proves its address with the mailed code; the identity provider vouches for the others. */
export function needsEmailVerification(user: Pick<TSessionUser, 'isEmailVerified' | 'signedInWith'>) {
  return user.signedInWith === 'password' && !user.isEmailVerified;
}

/**
 * The spec's session rule, plus the steps every account must take, in order: a signed-in
 * user who signed up with a password and has not verified the email sees the
 * email-verification modal; one who has no account type yet is sent to /account-setup; one
 * without a security question gets the setup modal on every page until it is set (the
 * server refuses settings and payment methods until then). The legal and About pages stay
 * open.
 */
export function decideAccountGate({ user, pathname, modalName }: GateInput): GateDecision {
  if (!user) return { kind: 'none' };
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (openPaths.has(path)) return { kind: 'none' };
  if (path === signInPath || (modalName && signInModals.has(modalName))) return { kind: 'none' };

  if (needsEmailVerification(user)) {
    return modalName === emailVerificationModal ? { kind: 'none' } : { kind: 'verify-email' };
  }
  // The signup modal finishing a social sign-up moves to account setup itself, carrying the
  // role chosen before: redirecting here as well would race that move and drop the role.
  if (!user.account_type && path !== accountSetupPath && modalName !== 'signup') {
    return { kind: 'redirect', to: accountSetupPath };
  }
  if (user.account_type && !user.security_question) return { kind: 'set-security-question' };
  return { kind: 'none' };
}
