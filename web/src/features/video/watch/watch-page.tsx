import type { TWatchResponse } from '@stagepass/contract/video';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useDataSaver } from '../../../lib/data-saver';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { explainLowStart, readConnectionHints, shouldStartAtLowest } from '../../../lib/video/data-plan';
import { NotFound } from '../../../ui/not-found';
import { PageLoadFailure } from '../../../ui/page-load-failure';
import { useVideoToWatch } from '../api/get-video-to-watch';
import { watchQueryKey } from '../api/video-query-keys';
import { ProcessingStatus } from '../library/processing-status';
import { toWatchPath } from '../library/video-card';
import { EpisodeList } from './episode-list';
import { RelatedVideos } from './related-videos';
import { VideoDetails } from './video-details';
import { VideoLock } from './video-lock';
import { VideoPlayer } from './video-player';
import '../../../ui/page.css';
import '../video.css';
import './watch-page.css';

type WatchState = { autoplay?: boolean } | null;

/**
 * /watch/:videoId (fetch-to-watch): the player, full width on a phone, with the series'
 * episodes under it (beside it on a wide screen), the video's details and reactions, and
 * related videos. A series' address opens the episode to go on with. Its own chunk: hls.js
 * loads from here only, and only when the browser needs it.
 */
export default function WatchPage() {
  const { videoId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const session = useSession();
  const query = useVideoToWatch(videoId);
  const [isDataSaverOn] = useDataSaver();
  // Read once per video: a connection that changes mid-play keeps the choice made at its start.
  const [hints] = useState(readConnectionHints);
  const [isPreviewOver, setIsPreviewOver] = useState(false);
  const data = query.data;
  const video = data?.video;
  useDocumentTitle(video ? `${video.title} · ${video.author.pageName}` : 'Watch');

  // A series' address answers its episode: the address names the episode, so a reload stays on it.
  useEffect(() => {
    if (!data || data.video._id === videoId) return;
    queryClient.setQueryData<TWatchResponse>(watchQueryKey(data.video._id), data);
    navigate(
      { pathname: toWatchPath(data.video._id), search: location.search },
      { replace: true, state: location.state },
    );
  }, [data, videoId, queryClient, navigate, location.search, location.state]);

  if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) {
    return <NotFound />;
  }
  if (query.isError && !data) {
    return <PageLoadFailure title="This video could not be loaded" onRetry={() => void query.refetch()} />;
  }
  if (!data || !video) return <WatchSkeleton />;

  const { series, nextEpisodeId, resumeAt } = data;
  const next = nextEpisodeId ? series?.episodes.find((episode) => episode._id === nextEpisodeId) : undefined;
  const startsAtLowest = shouldStartAtLowest(hints, { isDataSaverOn });
  const isEmptySeries = video.type === 'series';
  return (
    <div className="page watch">
      <div className={series ? 'watch__layout watch__layout--series' : 'watch__layout'}>
        <div className="watch__player">
          {isEmptySeries ? (
            <div className="watch__empty">
              <p>This series has no episodes yet.</p>
            </div>
          ) : video.status === 'ready' ? (
            <VideoPlayer
              // Unlocked while watching the preview: the full video starts afresh.
              key={`${video._id}:${video.hasPaid}`}
              video={video}
              resumeAt={resumeAt}
              startsAtLowest={startsAtLowest}
              lowStartReason={explainLowStart(hints, { isDataSaverOn })}
              shouldAutoPlay={(location.state as WatchState)?.autoplay === true}
              next={next ? { id: next._id, title: next.title } : null}
              onNext={() => {
                if (nextEpisodeId) navigate(toWatchPath(nextEpisodeId), { state: { autoplay: true } });
              }}
              onPreviewEnded={() => setIsPreviewOver(true)}
            />
          ) : (
            <div className="watch__empty">
              <ProcessingStatus
                videoId={video._id}
                onReady={() => void queryClient.invalidateQueries({ queryKey: watchQueryKey(video._id) })}
              />
            </div>
          )}
          <VideoLock video={video} series={series} isPreviewOver={isPreviewOver} />
        </div>
        {series && series.episodes.length > 0 ? <EpisodeList series={series} currentId={video._id} /> : null}
        <div className="watch__details">
          <VideoDetails video={video} isSignedIn={Boolean(session.data)} />
          <RelatedVideos videoId={video._id} />
        </div>
      </div>
    </div>
  );
}

function WatchSkeleton() {
  return (
    <div className="page watch" aria-busy="true">
      <div className="watch__player">
        <div className="video-player video-player--skeleton" />
      </div>
      <p className="visually-hidden" role="status">
        Loading the video…
      </p>
    </div>
  );
}
