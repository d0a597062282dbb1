import { useDocumentTitle } from '../../../lib/use-document-title';
import { ListLoadFailure } from '../../../ui/list-load-failure';
import { PagedList } from '../../../ui/paged-list';
import { useDiscoverVideos } from '../api/list-videos';
import { flattenVideoPages } from '../api/video-pages';
import { VideoGrid, VideoGridSkeleton } from '../library/video-card';
import '../../../ui/page.css';
import '../video.css';

/**
 * /discover: new and rising videos from creators the viewer does not follow yet, paged as
 * the list is scrolled. The ranking moves as videos are watched, so a video met again on a
 * later page is shown once.
 */
export default function DiscoverPage() {
  useDocumentTitle('Discover');
  const query = useDiscoverVideos();
  const videos = flattenVideoPages(query.data?.pages);
  const label = 'Videos to discover';
  return (
    <div className="page discover">
      <h1 className="page__title">Discover</h1>
      <p className="page__lead">New and rising videos from creators you do not follow yet.</p>
      <PagedList
        query={query}
        itemCount={videos.length}
        isInfinite
        loading={<VideoGridSkeleton label={label} />}
        failed={<ListLoadFailure title="Videos could not be loaded." onRetry={() => void query.refetch()} />}
        empty={
          <div className="empty-state">
            <p className="empty-state__title">Nothing new to discover</p>
            <p className="empty-state__text">Come back later: creators publish every day.</p>
          </div>
        }
        moreClassName="video-grid__more"
      >
        <VideoGrid videos={videos} label={label} isBusy={query.isFetchingNextPage} />
      </PagedList>
    </div>
  );
}
