/**
 * What keeps a page mounted across address changes: the layout keys each page's error
 * boundary by it, so a new key starts the page afresh. That is the path for every page but
 * the audio player, whose address follows the track playing: moving on to the creator's
 * next track must keep the page and its one <audio> element, or a phone with its screen
 * off would stop playing.
 */
export function readPageKey(pathname: string): string {
  const player = /^(\/[^/]+\/audio)\/[^/]+\/?$/.exec(pathname);
  return player?.[1] ?? pathname;
}
