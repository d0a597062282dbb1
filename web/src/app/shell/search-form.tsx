import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { SearchIcon } from '../../ui/icons';
import './search-form.css';

/** The top bar's creator search. Results are the all-creators list, filtered. */
export function SearchForm() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');

  function searchCreators(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = query.trim();
    navigate(trimmed ? `/creators/all?${new URLSearchParams({ q: trimmed })}` : '/creators/all');
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too recent for the browsers we support; the role gives the same landmark.
    <form role="search" className="search-form" onSubmit={searchCreators}>
      <SearchIcon className="search-form__icon" />
      <input
        type="search"
        className="search-form__input"
        placeholder="Search for creators..."
        aria-label="Search for creators"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        enterKeyHint="search"
      />
    </form>
  );
}
