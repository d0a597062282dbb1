import type { TResetPasswordResponse } from '@stagepass/contract/auth';
import { ApiError } from '../../lib/api-client';

/** The forgot-password page for an email, where a new link can be asked for. */
export function getForgotPasswordPath(email: string) {
  // '@' may stand in a path segment (RFC 3986), so the address stays readable.
  return email
    ? `/account/forgot-password/${encodeURIComponent(email).replaceAll('%40', '@')}`
    : '/account/forgot-password';
}

/** What a reset link hands the page: the account's address and the link's secret. */
export type ResetLink = { email: string; token: string };

/**
 * Reads a reset link. The mailed link carries both in the fragment
 * (`/account/forgot-password#reset=TOKEN&email=EMAIL`), which a browser never sends to a
 * server, so no server, proxy or access log on the way holds them. Links mailed before
 * carried `/account/forgot-password/EMAIL?reset=TOKEN`; they still open.
 */
export function readResetLink(url: { hash: string; search: string }, pathEmail: string): ResetLink | null {
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ''));
  const fragmentToken = fragment.get('reset');
  if (fragmentToken) return { email: fragment.get('email') ?? pathEmail, token: fragmentToken };
  const queryToken = new URLSearchParams(url.search).get('reset');
  return queryToken ? { email: pathEmail, token: queryToken } : null;
}

/** The address without the reset link's secret: what stays in the address bar and history. */
export function removeResetLink(url: { pathname: string; search: string }): string {
  const query = new URLSearchParams(url.search);
  query.delete('reset');
  const search = query.toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
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
