import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDiscoverVideos } from '../api/list-videos';
import { PagedVideoGrid } from '../library/paged-video-grid';
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
  const label = 'Videos to discover';
  return (
    <div className="page discover">
      <h1 className="page__title">Discover</h1>
      <p className="page__lead">New and rising videos from creators you do not follow yet.</p>
      <PagedVideoGrid
        query={query}
        label={label}
        empty={
          <div className="empty-state">
            <p className="empty-state__title">Nothing new to discover</p>
            <p className="empty-state__text">Come back later: creators publish every day.</p>
          </div>
        }
      />
    </div>
  );
}
