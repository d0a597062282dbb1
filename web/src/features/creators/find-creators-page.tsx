import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SearchInput } from '../../ui/search-input';
import { useCreators } from './api/get-creators';
import { PagedCreatorList } from './components/creator-list';
import { buildFindCreatorsPath, parseFindCreatorsQuery } from './find-creators-query';
import '../../ui/page.css';
import './find-creators-page.css';

const SEARCH_DELAY_MS = 250;

/**
 * /find-creators/:query, the fans' way in (the spec's /find-creators/q=nothing): a search
 * field over the list of every creator, filtering it as they type. The search lives in the
 * address, so a filtered list can be shared or reloaded.
 */
export default function FindCreatorsPage() {
  const { query: segment } = useParams();
  const query = parseFindCreatorsQuery(segment);
  const navigate = useNavigate();
  const [draft, setDraft] = useState(query);
  const debouncedDraft = useDebouncedValue(draft, SEARCH_DELAY_MS).trim();
  const inputId = useId();
  useDocumentTitle('Find creators');
  const creators = useCreators(query);

  // A search the address brings from elsewhere (a link, the Back button) replaces the draft.
  const [shownQuery, setShownQuery] = useState(query);
  if (query !== shownQuery) {
    setShownQuery(query);
    if (query !== draft.trim()) setDraft(query);
  }

  // Typing updates the address (replacing it: one history entry per visit, not per word).
  // Only a change of the draft does: the address changing on its own must not be undone.
  const queryRef = useRef(query);
  queryRef.current = query;
  useEffect(() => {
    if (debouncedDraft !== queryRef.current) {
      navigate(buildFindCreatorsPath(debouncedDraft), { replace: true });
    }
  }, [debouncedDraft, navigate]);

  function searchNow(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    navigate(buildFindCreatorsPath(draft), { replace: true });
  }

  return (
    <div className="page">
      <h1 className="page__title">Find creators</h1>
      <p className="page__lead">Search by name, username or category, or browse everyone below.</p>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is too recent for the browsers we support; the role gives the same landmark. */}
      <form role="search" aria-label="Find creators" className="find-creators__form" onSubmit={searchNow}>
        <label htmlFor={inputId} className="find-creators__label">
          Name, username or category
        </label>
        <SearchInput
          id={inputId}
          className="find-creators__input"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          autoComplete="off"
          enterKeyHint="search"
        />
      </form>
      <PagedCreatorList
        query={creators}
        label={query ? 'Search results' : 'All creators'}
        isInfinite
        empty={<p>{query ? `No creators match “${query}”.` : 'No creators here yet.'}</p>}
      />
    </div>
  );
}
