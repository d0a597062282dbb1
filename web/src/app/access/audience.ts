import type { TSessionUser } from '../../lib/session';

/**
 * Who may see a page or a modal. Every route and every modal of the registry names one, so
 * a new page cannot forget to ask (the router and the modal host apply it).
 * - anyone: visitors too;
 * - signed-in: any account (a visitor is asked to sign in);
 * - creator: creator accounts (a fan is told why not).
 */
export type Audience = 'anyone' | 'signed-in' | 'creator';

export type AudienceDecision = 'show' | 'loading' | 'sign-in' | 'creators-only';

/** undefined while the session loads, null when signed out. */
export function decideAudience(
  audience: Audience,
  user: Pick<TSessionUser, 'account_type'> | null | undefined,
): AudienceDecision {
  if (audience === 'anyone') return 'show';
  if (user === undefined) return 'loading';
  if (user === null) return 'sign-in';
  if (audience === 'creator' && user.account_type?.name !== 'creator') return 'creators-only';
  return 'show';
}
