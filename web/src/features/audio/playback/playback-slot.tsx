import { lazy, Suspense } from 'react';
import { usePlaybackSession } from './playback-session';

// The player's engine, list and mini-player: loaded once a track is first opened.
const PlaybackHost = lazy(() => import('./playback-host'));

/**
 * The shell's place for playback: nothing until a track is opened (a Play tap or a player
 * page), then the player that lives above the routes, with the mini-player.
 */
export function PlaybackSlot() {
  const session = usePlaybackSession();
  if (!session) return null;
  return (
    <Suspense fallback={null}>
      <PlaybackHost session={session} />
    </Suspense>
  );
}
