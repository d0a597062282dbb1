import type { TAudio } from '@stagepass/contract/audio';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { NotFound } from '../../../ui/not-found';
import { audioQueryKey } from '../api/audio-query-keys';
import { countAudioPlay } from '../api/player-count-play';
import { useAudio } from '../api/player-get-audio';
import { audioTrackQueryKey } from '../api/player-query-keys';
import { useWaveformPeaks } from '../api/player-waveform';
import { patchAudioInData } from '../audio-cache';
import { ACCENTS, type Accent } from './accents';
import { MoreFrom } from './components/more-from';
import { PlayerDeck, PlayerDeckSkeleton } from './components/player-deck';
import { TrackList } from './components/track-list';
import { choosePlaybackSource } from './playback-source';
import { useAudioEngine } from './use-audio-engine';
import { useMediaSession } from './use-media-session';
import { usePlayerList } from './use-player-list';
import { useStoredChoice } from './use-stored-choice';
import '../../../ui/page.css';
import './audio-player.css';

const DATA_SAVER = ['off', 'on'] as const;

/**
 * /:username/audio/:audioId: the creator audio player. One <audio> element for the page's
 * life plays the creator's tracks one after another; the address follows the track playing.
 */
export default function AudioPlayerPage() {
  const { username = '', audioId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const session = useSession();
  const [accent, setAccent] = useStoredChoice<Accent>('stagepass-audio-accent', ACCENTS, 'violet');
  const [dataSaver, setDataSaver] = useStoredChoice('stagepass-audio-data-saver', DATA_SAVER, 'off');
  const isDataSaverOn = dataSaver === 'on';
  const audioRef = useRef<HTMLAudioElement>(null);

  const playerList = usePlayerList(username, audioId);
  const { tracks, previousId, nextId } = playerList;
  const listed = tracks.find((track) => track.audioId === audioId);
  const trackQuery = useAudio(audioId, { placeholder: listed });
  const track = trackQuery.data?.audio;
  const source = useMemo(
    () => (track ? choosePlaybackSource(track, { isDataSaverOn }) : null),
    [track, isDataSaverOn],
  );
  const peaks = useWaveformPeaks(track?.audio_asset.public_id, track?.audio_asset.waveform_url);
  useDocumentTitle(track ? `${track.title} · ${track.author.pageName}` : 'Audio');

  // The address follows the track; the search stays (an open modal), the history entry is replaced.
  const search = location.search;
  const showTrack = useCallback(
    (nextAudioId: string) =>
      navigate({ pathname: `/${username}/audio/${nextAudioId}`, search }, { replace: true }),
    [navigate, username, search],
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
        showTrack(next.audioId);
        return { audioId: next.audioId, source: choosePlaybackSource(next, { isDataSaverOn: isSaving }) };
      }
      // The next page is not loaded yet: it plays once it is.
      void latest.current.playerList.findNextAfter(endedId).then((found) => {
        if (!found) return;
        engine.playNextLoaded();
        showTrack(found);
      });
      return null;
    },
    onPlayHeard: (heardId, seconds) => {
      countAudioPlay(heardId, seconds)
        .then(({ plays }) =>
          queryClient.setQueriesData({ queryKey: audioQueryKey }, (data: unknown) =>
            patchAudioInData(data, heardId, (item: TAudio) => ({ ...item, plays })),
          ),
        )
        // A play that was not counted changes nothing the listener sees.
        .catch(() => {});
    },
    onSourceFailed: () => void queryClient.invalidateQueries({ queryKey: audioTrackQueryKey(audioId) }),
  });

  const moveTo = useCallback(
    (nextAudioId: string | null) => {
      if (!nextAudioId || nextAudioId === audioId) return;
      engine.playNextLoaded();
      showTrack(nextAudioId);
    },
    [engine, audioId, showTrack],
  );
  const goPrevious = previousId ? () => moveTo(previousId) : null;
  const goNext = nextId ? () => moveTo(nextId) : null;

  useMediaSession(audioRef, {
    track,
    isPlaying: engine.state.isPlaying,
    canSeek: source?.canSeek ?? false,
    onPlay: engine.play,
    onPause: engine.pause,
    onPrevious: goPrevious,
    onNext: goNext,
    onSeekTo: engine.seekTo,
  });

  const notFound = trackQuery.error instanceof ApiError && trackQuery.error.status === 404;
  return (
    <div className="page audio-player" data-accent={accent}>
      {notFound ? (
        <NotFound />
      ) : track ? (
        <PlayerDeck
          track={track}
          source={source}
          engine={engine}
          peaks={peaks.data ?? []}
          isSignedIn={Boolean(session.data)}
          accent={accent}
          onAccentChange={setAccent}
          isDataSaverOn={isDataSaverOn}
          onDataSaverChange={(isOn) => setDataSaver(isOn ? 'on' : 'off')}
          onPrevious={goPrevious}
          onNext={goNext}
        />
      ) : trackQuery.isError ? (
        <div className="not-found" role="alert">
          <h1 className="page__title">This track could not be loaded</h1>
          <p className="page__lead">Check your connection and try again.</p>
          <button type="button" className="button button--primary" onClick={() => void trackQuery.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <PlayerDeckSkeleton />
      )}
      {notFound ? null : (
        <div className="audio-player__more">
          <TrackList
            heading={track ? `Tracks by ${track.author.pageName}` : 'Tracks'}
            tracks={tracks}
            currentId={audioId}
            isPending={playerList.list.isPending}
            isError={playerList.list.isError}
            hasNextPage={playerList.list.hasNextPage}
            isFetchingNextPage={playerList.list.isFetchingNextPage}
            onChoose={moveTo}
            onLoadMore={() => void playerList.list.fetchNextPage()}
            onRetry={() => void playerList.list.refetch()}
          />
          {track ? <MoreFrom track={track} listedIds={new Set(tracks.map((item) => item.audioId))} /> : null}
        </div>
      )}
      {/* The page's one audio element: kept for every track, never recreated (background play). */}
      {/* biome-ignore lint/a11y/useMediaCaption: music and spoken audio without a transcript yet; the page names the track */}
      <audio ref={audioRef} preload="metadata" />
    </div>
  );
}
