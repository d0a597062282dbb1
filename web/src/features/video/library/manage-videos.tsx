import type { TVideo } from '@stagepass/contract/video';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { readFailureMessage } from '../../../lib/form-request';
import '../../../ui/form.css';
import { useConfirm } from '../../../lib/modals/use-confirm';
import { toast } from '../../../lib/toast';
import { ListLoadFailure } from '../../../ui/list-load-failure';
import { PagedList } from '../../../ui/paged-list';
import { useDeleteManyVideos } from '../api/delete-videos';
import { useCreatorVideos } from '../api/list-videos';
import { flattenVideoPages } from '../api/video-pages';
import { formatEpisodeCount, formatViews } from '../video-format';
import { readPicture, toWatchPath } from './video-card';
import { VideoOptions } from './video-options';
import { VideoPerformance } from './video-performance';

const DELETE_MANY_MAX = 50;

type ManageVideosProps = { username: string; onDone: () => void };

/**
 * The author's manage list (fetch_videos): every video, episodes included, with how
 * processing goes and why one failed; each row with its options (edit, performance, remove
 * the cover, delete), and several selected to delete at once behind the confirm alert
 * (delete-many), whose answer is said in a toast.
 */
export function ManageVideos({ username, onDone }: ManageVideosProps) {
  const query = useCreatorVideos(username);
  const videos = flattenVideoPages(query.data?.pages);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const deleteMany = useDeleteManyVideos();
  const confirm = useConfirm();
  const headingId = useId();
  const chosen = videos.filter((video) => selected.has(video._id));
  const isAllSelected = videos.length > 0 && chosen.length === Math.min(videos.length, DELETE_MANY_MAX);

  function toggle(videoId: string, isOn: boolean) {
    setSelected((previous) => {
      const next = new Set(previous);
      if (isOn) next.add(videoId);
      else next.delete(videoId);
      return next;
    });
  }

  async function askAndDeleteChosen() {
    if (chosen.length === 0) return;
    const isConfirmed = await confirm({
      type: 'delete',
      title: chosen.length === 1 ? 'Delete video' : `Delete ${chosen.length} videos`,
      message:
        'They, their files, reactions and views will be gone for good; a series goes with its episodes. ' +
        'Fans who unlocked them keep them in their history.',
    });
    if (!isConfirmed) return;
    deleteMany.mutate(
      { username, queryKey: 'fetch_videos', videoIds: chosen.map((video) => video._id) },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          setSelected(new Set());
        },
        onError: (error) => toast.error(readFailureMessage(error)),
      },
    );
  }

  return (
    <section className="manage-videos" aria-labelledby={headingId}>
      <div className="manage-videos__head">
        <h2 id={headingId} className="manage-videos__title">
          Manage videos
        </h2>
        <button type="button" className="button button--secondary" onClick={onDone}>
          Done
        </button>
      </div>
      <div className="manage-videos__toolbar">
        <label className="checkbox-field manage-videos__all">
          <input
            type="checkbox"
            checked={isAllSelected}
            disabled={videos.length === 0}
            onChange={(event) =>
              setSelected(
                new Set(
                  event.target.checked ? videos.slice(0, DELETE_MANY_MAX).map((video) => video._id) : [],
                ),
              )
            }
          />
          <span>Select all</span>
        </label>
        <button
          type="button"
          className="button button--danger"
          disabled={chosen.length === 0 || deleteMany.isPending}
          onClick={() => void askAndDeleteChosen()}
        >
          {chosen.length === 0 ? 'Delete selected' : `Delete selected (${chosen.length})`}
        </button>
      </div>
      <PagedList
        query={query}
        itemCount={videos.length}
        isInfinite
        loading={
          <p className="manage-videos__loading" role="status">
            Loading your videos…
          </p>
        }
        failed={
          <ListLoadFailure title="Your videos could not be loaded." onRetry={() => void query.refetch()} />
        }
        empty={
          <div className="empty-state">
            <p className="empty-state__title">No videos yet</p>
            <Link className="button button--secondary" to="/create/video">
              Publish a video
            </Link>
          </div>
        }
        moreClassName="video-grid__more"
      >
        <ul className="manage-videos__list" aria-label="Your videos" aria-busy={query.isFetchingNextPage}>
          {videos.map((video) => (
            <ManageRow
              key={video._id}
              video={video}
              isSelected={selected.has(video._id)}
              canSelectMore={selected.size < DELETE_MANY_MAX}
              onSelect={(isOn) => toggle(video._id, isOn)}
            />
          ))}
        </ul>
      </PagedList>
    </section>
  );
}

function ManageRow({
  video,
  isSelected,
  canSelectMore,
  onSelect,
}: {
  video: TVideo;
  isSelected: boolean;
  canSelectMore: boolean;
  onSelect: (isOn: boolean) => void;
}) {
  const picture = readPicture(video);
  const [isPerformanceShown, setIsPerformanceShown] = useState(false);
  return (
    <li className="manage-row">
      <input
        type="checkbox"
        className="manage-row__check"
        aria-label={`Select ${video.title}`}
        checked={isSelected}
        disabled={!isSelected && !canSelectMore}
        onChange={(event) => onSelect(event.target.checked)}
      />
      <span className="manage-row__picture">
        {picture ? <img src={picture} alt="" loading="lazy" decoding="async" /> : null}
      </span>
      <div className="manage-row__text">
        <Link className="manage-row__title" to={toWatchPath(video._id)}>
          {video.title}
        </Link>
        <p className="manage-row__meta">
          {video.type === 'series' ? <span>Series · {formatEpisodeCount(video.episodesCount)}</span> : null}
          {video.series ? (
            <span>
              Episode {video.series.position} of {video.series.title}
            </span>
          ) : null}
          {video.status === 'processing' ? (
            <span className="badge">Processing {video.processingProgress} %</span>
          ) : video.status === 'failed' ? (
            <span className="badge badge--danger">Failed</span>
          ) : video.type === 'video' ? (
            <span>{formatViews(video.views)}</span>
          ) : null}
        </p>
        {video.status === 'failed' && video.failureReason ? (
          <p className="manage-row__failure">{video.failureReason}</p>
        ) : null}
        {isPerformanceShown ? <VideoPerformance videoId={video._id} /> : null}
      </div>
      <VideoOptions
        video={video}
        isPerformanceShown={isPerformanceShown}
        onTogglePerformance={() => setIsPerformanceShown((shown) => !shown)}
      />
    </li>
  );
}
