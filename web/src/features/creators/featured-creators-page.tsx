import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFeaturedCreators } from './api/get-featured-creators';
import { PagedCreatorList } from './components/creator-list';
import '../../ui/page.css';

/** /creators/featured, the home: creators ranked by the server's featured score. */
export default function FeaturedCreatorsPage() {
  useDocumentTitle('Featured creators');
  const featured = useFeaturedCreators();
  return (
    <div className="page">
      <h1 className="page__title">Featured creators</h1>
      <p className="page__lead">
        Music artists, podcasters, startups and more: find creators and access their exclusive content.
      </p>
      {/* Paged by the button, not by scrolling: the home page keeps its footer in reach. */}
      <PagedCreatorList
        query={featured}
        label="Featured creators"
        isInfinite={false}
        empty={
          <>
            <p>No creators here yet.</p>
            <Link to="/creators/all">See all creators</Link>
          </>
        }
      />
    </div>
  );
}
