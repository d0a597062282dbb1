import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useStoredChoice } from '../../../lib/use-stored-choice';
import { NotFound } from '../../../ui/not-found';
import { PageLoadFailure } from '../../../ui/page-load-failure';
import { useWaveformPeaks } from '../api/player-waveform';
import { playTrackNow } from '../playback/play-now';
import { isSameCreator, openTrack, readPlaybackSession } from '../playback/playback-session';
import { usePlayback } from '../playback/playback-store';
import { ACCENTS, type Accent } from './accents';
import { MoreFrom } from './components/more-from';
import { PlayerDeck, PlayerDeckSkeleton } from './components/player-deck';
import { TrackList } from './components/track-list';
import '../../../ui/page.css';
import './audio-player.css';

/**
 * /:username/audio/:audioId: the creator audio player. It shows and drives the player that
 * lives above the routes (playback/playback-host.tsx), so the music goes on when the fan
 * leaves for another page. Opening the address opens its track (without sound: a tap on
 * Play starts it); the address follows the track playing.
 */
export default function AudioPlayerPage() {
  const { username = '', audioId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const [accent, setAccent] = useStoredChoice<Accent>('stagepass-audio-accent', ACCENTS, 'violet');

  useEffect(() => {
    openTrack({ username, audioId, shouldPlay: false });
  }, [username, audioId]);
  const playback = usePlayback();
  const isThisTrack =
    playback !== null &&
    playback.session.audioId === audioId &&
    isSameCreator(playback.session.username, username);
  const track = isThisTrack ? playback.track : undefined;

  // The address follows the track playing (the automatic advance, Next on the lock screen);
  // the search stays (an open modal), the history entry is replaced.
  const playingId = playback?.session.audioId;
  const search = location.search;
  useEffect(() => {
    const live = readPlaybackSession();
    if (!playingId || !live || live.audioId === audioId || !isSameCreator(live.username, username)) return;
    navigate({ pathname: `/${username}/audio/${live.audioId}`, search }, { replace: true });
  }, [playingId, audioId, username, search, navigate]);

  const peaks = useWaveformPeaks(track?.audio_asset.public_id, track?.audio_asset.waveform_url);
  useDocumentTitle(track ? `${track.title} · ${track.author.pageName}` : 'Audio');

  const trackQuery = isThisTrack ? playback.trackQuery : null;
  const notFound = trackQuery?.error instanceof ApiError && trackQuery.error.status === 404;
  const list = isThisTrack ? playback.playerList : null;
  return (
    <div className="page audio-player" data-accent={accent}>
      {notFound ? (
        <NotFound />
      ) : isThisTrack && track ? (
        <PlayerDeck
          track={track}
          source={playback.source ?? null}
          engine={playback.engine}
          peaks={peaks.data ?? []}
          isSignedIn={Boolean(session.data)}
          accent={accent}
          onAccentChange={setAccent}
          isDataSaverOn={playback.isDataSaverOn}
          onDataSaverChange={playback.setIsDataSaverOn}
          onPrevious={playback.goPrevious}
          onNext={playback.goNext}
        />
      ) : trackQuery?.isError ? (
        <PageLoadFailure
          title="This track could not be loaded"
          className="not-found"
          onRetry={() => void trackQuery.refetch()}
        />
      ) : (
        <PlayerDeckSkeleton />
      )}
      {notFound ? null : (
        <div className="audio-player__more">
          <TrackList
            heading={track ? `Tracks by ${track.author.pageName}` : 'Tracks'}
            tracks={list?.tracks ?? []}
            currentId={audioId}
            isPending={list?.list.isPending ?? true}
            isError={list?.list.isError ?? false}
            hasNextPage={list?.list.hasNextPage ?? false}
            isFetchingNextPage={list?.list.isFetchingNextPage ?? false}
            onChoose={(chosenId) => playback?.moveTo(chosenId)}
            onLoadMore={() => void list?.list.fetchNextPage()}
            onRetry={() => void list?.list.refetch()}
          />
          {track ? (
            <MoreFrom
              track={track}
              listedIds={new Set((list?.tracks ?? []).map((item) => item.audioId))}
              onPlay={playTrackNow}
            />
          ) : null}
        </div>
      )}
    </div>
  );
}
