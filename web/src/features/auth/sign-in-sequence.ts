import type { TSessionUser } from '../../lib/session';

/** What the app does next once someone has signed in (or passed a step of it). */
export type NextStep =
  | { kind: 'open-modal'; modal: 'verify-security-question'; options: string }
  /** Without a close button: an account cannot skip setting its question (the guard reopens it). */
  | { kind: 'open-modal'; modal: 'setup-security-question'; options: string; showClose: false }
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
 * Where signing in was going, once every step is done: the next_page target when it is a
 * path on this site (whoever signs in: a link to /wallet must end on /wallet), else a
 * creator's own profile, else /creators/all. A fan never lands on an empty profile of
 * their own.
 */
export function decideDestination({
  user,
  nextPage,
}: {
  user: Pick<TSessionUser, 'username' | 'account_type'>;
  nextPage: string | null;
}): string {
  if (isSameOriginPath(nextPage)) return nextPage;
  if (user.account_type?.name === 'creator') return `/${user.username}`;
  return defaultLandingPage;
}

/**
 * The spec's sign-in success sequence, in order:
 * 1. no security question set: open setup-security-question;
 * 2. question set but not answered in this session: open verify-security-question;
 * 3. modal option 'no-redirect': close the modal;
 * 4. otherwise go where signing in was going (decideDestination).
 * The security question modals receive the same options and keep next_page in the address,
 * so they finish the sequence where it would have ended.
 */
export function decideAfterSignIn({ user, options, nextPage }: SignInSequenceInput): NextStep {
  if (!user.security_question) {
    return { kind: 'open-modal', modal: 'setup-security-question', options, showClose: false };
  }
  if (!user.isSecurityQuestionVerified) {
    return { kind: 'open-modal', modal: 'verify-security-question', options };
  }
  if (hasNoRedirectOption(options)) return { kind: 'close-modal' };
  return { kind: 'navigate', to: decideDestination({ user, nextPage }) };
}

/**
 * After the security question was answered: the modal closes when the option is
 * no-redirect, otherwise the sequence ends where signing in was going.
 */
export function decideAfterSecurityCheck({
  user,
  options,
  nextPage,
}: {
  user: Pick<TSessionUser, 'username' | 'account_type'>;
  options: string;
  nextPage: string | null;
}): NextStep {
  if (hasNoRedirectOption(options)) return { kind: 'close-modal' };
  return { kind: 'navigate', to: decideDestination({ user, nextPage }) };
}
