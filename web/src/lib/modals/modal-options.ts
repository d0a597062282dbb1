/**
 * What a modal makes of the options part of `?modal=name/options` (any URL can carry any
 * options): the value its body works with, or a calm sentence saying why there is nothing
 * to show. The modal host shows that sentence instead of the body, so a malformed address
 * never reaches the API (no failed request, no error toast).
 */
export type ModalOptionsResult<T> = { isValid: true; value: T } | { isValid: false; message: string };

/** Every modal of the registry declares one (app/modals/registry.ts). */
export type ModalOptionsParser<T> = (options: string) => ModalOptionsResult<T>;

export function acceptOptions<T>(value: T): ModalOptionsResult<T> {
  return { isValid: true, value };
}

export function refuseOptions(message: string): ModalOptionsResult<never> {
  return { isValid: false, message };
}

/** For modals that take no options or only flags ('no-redirect'): whatever comes is passed on as it is. */
export const parseAnyOptions: ModalOptionsParser<string> = (options) => acceptOptions(options);

// The registry ships these with the shell, which stays free of zod: the contract's rules
// (auth.ts ZUsername: 3 to 30 letters, digits, dots or underscores) are written out here.
const USERNAME = /^@?[A-Za-z0-9_.]{3,30}$/;

/** Whether a text can be a username, with or without its @. */
export function isUsername(text: string): boolean {
  return USERNAME.test(text);
}

/** A post's id: 16 letters, digits, '-' or '_' (contract/src/posts.ts, ZPostId). */
export function isPostId(text: string): boolean {
  return /^[A-Za-z0-9_-]{16}$/.test(text);
}

/** A track's id has the same shape (contract/src/audio.ts, ZAudioId). */
export const isAudioId = isPostId;

/**
 * The options of a modal about one profile: its username (with or without the @).
 * `missing` is said when none is given, e.g. "Open Support from a creator's page."
 */
export function usernameOptionsParser(missing: string): ModalOptionsParser<string> {
  return (options) => {
    const username = options.trim();
    if (!username) return refuseOptions(missing);
    if (!isUsername(username)) return refuseOptions(NO_SUCH_PROFILE);
    return acceptOptions(username);
  };
}

/** Said for a username that cannot exist, as for one that does not. */
export const NO_SUCH_PROFILE = 'This profile does not exist.';
/** Said for a track id that cannot exist, as for one that does not. */
export const NO_SUCH_TRACK = 'This track does not exist.';
/** Said for a videoId that cannot exist, as for one that does not (contract/src/video.ts's notFound). */
export const NO_SUCH_VIDEO = 'This video does not exist.';
/** Said for a post id that cannot exist, as the post page says for one that does not. */
export const NO_SUCH_POST = 'This post does not exist.';

/**
 * The options of a modal about one post (or another item, whose id has a post's shape): its
 * id. `missing` is said when none is given, e.g. 'Open the tip picker from a post.';
 * `notFound` for an id that cannot be one.
 */
export function postIdOptionsParser(missing: string, notFound = NO_SUCH_POST): ModalOptionsParser<string> {
  return (options) => {
    if (!options) return refuseOptions(missing);
    if (!isPostId(options)) return refuseOptions(notFound);
    return acceptOptions(options);
  };
}
