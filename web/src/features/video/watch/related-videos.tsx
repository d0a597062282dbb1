import { useId } from 'react';
import { ListLoadFailure } from '../../../ui/list-load-failure';
import { PagedList } from '../../../ui/paged-list';
import { useRelatedVideos } from '../api/list-videos';
import { flattenVideoPages } from '../api/video-pages';
import { VideoGrid, VideoGridSkeleton } from '../library/video-card';

/** Videos related to this one (its creator's first, then others'), paged, under the player. */
export function RelatedVideos({ videoId }: { videoId: string }) {
  const query = useRelatedVideos(videoId);
  const videos = flattenVideoPages(query.data?.pages);
  const headingId = useId();
  const label = 'Related videos';
  return (
    <section className="related-videos" aria-labelledby={headingId}>
      <h2 id={headingId} className="related-videos__title">
        {label}
      </h2>
      <PagedList
        query={query}
        itemCount={videos.length}
        loading={<VideoGridSkeleton label={label} count={3} />}
        failed={
          <ListLoadFailure title="Related videos could not be loaded." onRetry={() => void query.refetch()} />
        }
        empty={<p className="related-videos__empty">Nothing related yet.</p>}
        moreClassName="video-grid__more"
      >
        <VideoGrid videos={videos} label={label} isBusy={query.isFetchingNextPage} />
      </PagedList>
    </section>
  );
}
