import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCreators } from './api/get-creators';
import { PagedCreatorList } from './components/creator-list';
import '../../ui/page.css';

/**
 * /creators/all: every creator, scrolling on and on. With ?q= it is the search results
 * page of the top bar's search box: every match, paged the same way.
 */
export default function AllCreatorsPage() {
  const [searchParams] = useSearchParams();
  const query = searchParams.get('q')?.trim() ?? '';
  const title = query ? `Results for “${query}”` : 'All creators';
  useDocumentTitle(query ? `Search: ${query}` : 'All creators');
  const creators = useCreators(query);

  return (
    <div className="page">
      <h1 className="page__title">{title}</h1>
      <p className="page__lead">
        {query
          ? 'Creators whose name, username or category matches your search.'
          : 'Every creator on Stagepass.'}
      </p>
      <PagedCreatorList
        // A new search starts a new list (and a new scroll position for the sentinel).
        key={query}
        query={creators}
        label={query ? 'Search results' : 'All creators'}
        isInfinite
        empty={<p>{query ? `No creators match “${query}”.` : 'No creators here yet.'}</p>}
      />
    </div>
  );
}
