import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation } from 'react-router';
import { useDataSaver } from '../../../lib/data-saver';
import { patchItemEverywhere } from '../../../lib/items/item-cache';
import { audioTrackQueryKey } from '../../../lib/items/item-query-keys';
import { countAudioPlay } from '../api/player-count-play';
import { useAudio } from '../api/player-get-audio';
import { choosePlaybackSource } from '../player/playback-source';
import { useAudioEngine } from '../player/use-audio-engine';
import { usePlayerList } from '../player/use-player-list';
import { useTrackMediaSession } from '../player/use-track-media-session';
import { MiniPlayer } from './mini-player';
import { getPlaybackElement, moveToTrack, type PlaybackSession, readLoadedSource } from './playback-session';
import { type Playback, publishPlayback } from './playback-store';

/** The player page's address: it shows the track itself, so the mini-player steps aside. */
const PLAYER_PAGE = /^\/[^/]+\/audio\/[^/]+\/?$/;

/**
 * The player above the routes (issue 24): the shell mounts it once a track has been opened
 * and keeps it until the mini-player is closed, so the one <audio> element, the list and
 * the engine live across every route, and the lock screen's controls (Media Session) stay
 * set while the fan browses or the screen is off. The player page and the mini-player show
 * what it publishes (playback-store.ts).
 */
export default function PlaybackHost({ session }: { session: PlaybackSession }) {
  const { username, audioId } = session;
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const audioRef = useMemo(() => ({ current: getPlaybackElement() }), []);
  const [isDataSaverOn, setIsDataSaverOn] = useDataSaver();

  const playerList = usePlayerList(username, audioId);
  const { tracks, previousId, nextId } = playerList;
  const listed = tracks.find((track) => track.audioId === audioId);
  const trackQuery = useAudio(audioId, { placeholder: listed });
  const track = trackQuery.data?.audio;
  const source = useMemo(
    () => (track ? choosePlaybackSource(track, { isDataSaverOn }) : undefined),
    [track, isDataSaverOn],
  );

  const latest = useRef({ tracks, audioId, isDataSaverOn, playerList });
  latest.current = { tracks, audioId, isDataSaverOn, playerList };

  const engine = useAudioEngine(audioRef, {
    audioId,
    source,
    onTrackEnded: () => {
      const { tracks: listedTracks, audioId: endedId, isDataSaverOn: isSaving } = latest.current;
      const next = listedTracks[listedTracks.findIndex((item) => item.audioId === endedId) + 1];
      if (next && listedTracks.some((item) => item.audioId === endedId)) {
        moveToTrack(next.audioId);
        return { audioId: next.audioId, source: choosePlaybackSource(next, { isDataSaverOn: isSaving }) };
      }
      // The next page is not loaded yet: it plays once it is.
      void latest.current.playerList.findNextAfter(endedId).then((found) => {
        if (!found) return;
        engine.playNextLoaded();
        moveToTrack(found);
      });
      return null;
    },
    onPlayHeard: (heardId, seconds) => {
      countAudioPlay(heardId, seconds)
        .then(({ plays }) =>
          patchItemEverywhere(queryClient, heardId, { audio: (item) => ({ ...item, plays }) }),
        )
        // A play that was not counted changes nothing the listener sees.
        .catch(() => {});
    },
    onSourceFailed: () => void queryClient.invalidateQueries({ queryKey: audioTrackQueryKey(audioId) }),
  });

  // A track opened from outside the list: a Play tap started it already (the engine takes
  // the element as it is), or it is to play once loaded; an address only shows it.
  const { adoptElement, playNextLoaded, pause } = engine;
  useEffect(() => {
    if (!session.shouldPlay) pause();
    else if (readLoadedSource()?.audioId === session.audioId) adoptElement();
    else playNextLoaded();
    // Once per opening (a move through the list is not one): later renders change nothing.
  }, [session.opening]);

  const moveTo = useCallback(
    (nextAudioId: string | null) => {
      if (!nextAudioId || nextAudioId === audioId) return;
      engine.playNextLoaded();
      moveToTrack(nextAudioId);
    },
    [engine, audioId],
  );
  const goPrevious = previousId ? () => moveTo(previousId) : null;
  const goNext = nextId ? () => moveTo(nextId) : null;

  useTrackMediaSession(audioRef, {
    track,
    isPlaying: engine.state.isPlaying,
    canSeek: source?.canSeek ?? false,
    onPlay: engine.play,
    onPause: engine.pause,
    onPrevious: goPrevious,
    onNext: goNext,
    onSeekTo: engine.seekTo,
  });

  const playback: Playback = {
    session,
    track,
    trackQuery,
    source,
    engine,
    playerList,
    goPrevious,
    goNext,
    moveTo,
    isDataSaverOn,
    setIsDataSaverOn,
  };
  useLayoutEffect(() => publishPlayback(playback));
  useLayoutEffect(() => () => publishPlayback(null), []);

  return PLAYER_PAGE.test(pathname) ? null : <MiniPlayer playback={playback} />;
}
