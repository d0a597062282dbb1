import { ApiError } from '../../lib/api-client';
import type { TResetPasswordResponse } from './api/reset-password';

/** The forgot-password page for an email, where a new link can be asked for. */
export function getForgotPasswordPath(email: string) {
  // '@' may stand in a path segment (RFC 3986), so the address stays readable.
  return email
    ? `/account/forgot-password/${encodeURIComponent(email).replaceAll('%40', '@')}`
    : '/account/forgot-password';
}

/** The spec's wait before the redirects that follow a reset link. */
export const resetRedirectDelayMs = 3000;

/**
 * Where to go, 3 seconds after a reset answer: sign-in once the password is changed; the
 * forgot-password page when the link had expired; nowhere (stay and fix the form) when the
 * server refused the password itself or could not be reached.
 */
export function decideAfterPasswordReset(
  outcome: { answer: TResetPasswordResponse } | { error: unknown },
  email: string,
): string | null {
  if ('answer' in outcome) return outcome.answer.isExpired ? getForgotPasswordPath(email) : '/signin';
  const { error } = outcome;
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'RESET_LINK_EXPIRED') return getForgotPasswordPath(email);
  if (error.code === 'RESET_LINK_INVALID') return '/signin';
  return null;
}
