import type { TAudio } from '@stagepass/contract/audio';
import { readIsDataSaverOn } from '../../../lib/data-saver';
import { choosePlaybackSource, readSourceKey } from '../player/playback-source';
import { getPlaybackElement, openTrack, readLoadedSource, writeLoadedSource } from './playback-session';

/**
 * A tap on "Play <title>": the track starts in the tap itself. Browsers let a page start
 * sound only inside a user's gesture (Safari per element), and the player's code may still
 * be on its way, so the app's one element gets the track's file and play() here, before the
 * route changes; the player adopts the element as it is when it loads. The same track
 * tapped again plays on where it is.
 */
export function playTrackNow(username: string, track: TAudio): void {
  const audio = getPlaybackElement();
  openTrack({ username, audioId: track.audioId, shouldPlay: true });
  const loaded = readLoadedSource();
  if (loaded?.audioId !== track.audioId) {
    const source = choosePlaybackSource(track, { isDataSaverOn: readIsDataSaverOn() });
    // Still processing: the player plays it once it is ready.
    if (!source) return;
    writeLoadedSource({
      key: readSourceKey(track.audioId, source),
      audioId: track.audioId,
      url: source.url,
      kind: source.kind,
    });
    audio.src = source.url;
  }
  // Refused (no gesture after all, a file that cannot play): the player offers Play.
  audio.play().catch(() => {});
}
