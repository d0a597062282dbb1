// Copies of the contract's video constants (contract/src/video.ts): the watch page takes only
// types from the contract, so no zod reaches the browser. player-constants.test.ts checks
// each against the contract.

/** The spec's skip buttons: 10 seconds back, 30 forward. */
export const SKIP_BACK_SECONDS = 10;
export const SKIP_FORWARD_SECONDS = 30;
/** The spec's playback rates, in its order. */
export const PLAYBACK_RATES = [5, 2, 1, 0.5, 0.1] as const;
/** What a viewer without access sees: the first 30 seconds. */
export const PREVIEW_SECONDS = 30;
/** The player reports watching this often while playing (and on pause, at the end, on leaving). */
export const VIEW_REPORT_SECONDS = 15;
/** The most one report may say was watched (the server's limit). */
export const VIEW_REPORT_MAX_SECONDS = 600;
