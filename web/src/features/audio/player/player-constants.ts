// Copies of the contract's audio constants (contract/src/audio.ts): the player's chunk takes
// only types from the contract, so no zod reaches the browser. player-constants.test.ts
// checks each against the contract.

/** The spec's preview limit for listeners who have not paid. */
export const PREVIEW_SECONDS = 30;
/** A play counts once a listener has heard this much (or the whole of a shorter track or preview). */
export const PLAY_COUNTS_AFTER_SECONDS = 30;
/** The player's list comes 10 tracks a page. */
export const PLAYER_PAGE_SIZE = 10;
/** How far the arrow keys move the seek bar. */
export const SEEK_STEP_SECONDS = 5;
