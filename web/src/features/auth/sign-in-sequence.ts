import type { TSessionUser } from './api/get-session';

/** What the app does next once someone has signed in (or passed a step of it). */
export type NextStep =
  | { kind: 'open-modal'; modal: 'setup-security-question' | 'verify-security-question'; options: string }
  | { kind: 'close-modal' }
  | { kind: 'navigate'; to: string };

type SignInSequenceInput = {
  user: Pick<TSessionUser, 'username' | 'account_type' | 'security_question' | 'isSecurityQuestionVerified'>;
  /** The options part of the modal's query value, e.g. 'no-redirect'; '' on the /signin page. */
  options: string;
  /** The `next_page` query value, if any. */
  nextPage: string | null;
};

export const defaultLandingPage = '/creators/all';

/** Whether modal options ('no-redirect', or several joined by dots) ask to stay on the page. */
export function hasNoRedirectOption(options: string) {
  return options.split('.').includes('no-redirect');
}

/**
 * A next_page value that stays on this site: a path starting with a single '/'. Refuses
 * '//host' and '/\host' (which browsers read as another host) and anything with a scheme.
 */
export function isSameOriginPath(value: string | null | undefined): value is string {
  if (typeof value !== 'string' || !/^\/(?![/\\])/.test(value)) return false;
  // URL parsers drop tabs and newlines, so '/\t/host' would become '//host'.
  if ([...value].some((character) => character.charCodeAt(0) < 0x20)) return false;
  const base = 'https://stagepass.invalid';
  return new URL(value, base).origin === base;
}

/**
 * The spec's sign-in success sequence, in order:
 * 1. no security question set: open setup-security-question;
 * 2. question set but not answered in this session: open verify-security-question;
 * 3. modal option 'no-redirect': close the modal;
 * 4. a creator: their profile, /{username};
 * 5. anyone else: the next_page target when it is a path on this site, else /creators/all.
 * The security question modals receive the same options, so they can finish the sequence.
 */
export function decideAfterSignIn({ user, options, nextPage }: SignInSequenceInput): NextStep {
  if (!user.security_question) return { kind: 'open-modal', modal: 'setup-security-question', options };
  if (!user.isSecurityQuestionVerified) {
    return { kind: 'open-modal', modal: 'verify-security-question', options };
  }
  if (hasNoRedirectOption(options)) return { kind: 'close-modal' };
  if (user.account_type?.name === 'creator') return { kind: 'navigate', to: `/${user.username}` };
  return { kind: 'navigate', to: isSameOriginPath(nextPage) ? nextPage : defaultLandingPage };
}

/**
 * After the security question was answered (spec: "Security question verification"): the
 * profile page, or the modal closes when the option is no-redirect.
 */
export function decideAfterSecurityCheck({
  user,
  options,
}: {
  user: Pick<TSessionUser, 'username'>;
  options: string;
}): NextStep {
  if (hasNoRedirectOption(options)) return { kind: 'close-modal' };
  return { kind: 'navigate', to: `/${user.username}` };
}
