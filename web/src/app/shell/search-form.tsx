import type { TCreatorCard } from '@stagepass/contract/profiles';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  SUGGESTION_MIN_LENGTH,
  useCreatorSuggestions,
} from '../../features/creators/api/get-creator-suggestions';
import { CreatorSuggestion } from '../../features/creators/components/creator-suggestion';
import { getProfilePath } from '../../features/creators/components/format-creator';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { SearchInput } from '../../ui/search-input';
import './search-form.css';

/** Long enough to skip the requests of fast typing, short enough to feel live. */
const SUGGESTION_DELAY_MS = 250;

/**
 * The top bar's creator search, an ARIA combobox: as you type, the best matches appear in a
 * listbox under the box. Arrow keys move through them (the focus stays in the box, the
 * highlighted one is its aria-activedescendant), Enter opens the highlighted creator's
 * profile or, with none highlighted, the results page; Escape, leaving the box or any
 * navigation closes the list.
 */
export function SearchForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const [query, setQuery] = useState('');
  // Where the list was opened: a navigation changes the location key, which closes it.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const [activeIndex, setActiveIndex] = useState(-1);
  const listId = useId();
  const trimmedQuery = query.trim();
  const hasQuery = trimmedQuery.length >= SUGGESTION_MIN_LENGTH;
  const suggestionsQuery = useCreatorSuggestions(useDebouncedValue(trimmedQuery, SUGGESTION_DELAY_MS));
  const suggestions = suggestionsQuery.data;

  // New suggestions, new list: the highlight follows its creator (an answer to the last
  // keystroke can arrive just after ArrowDown), or goes when that creator is not in it.
  const [shownSuggestions, setShownSuggestions] = useState(suggestions);
  if (suggestions !== shownSuggestions) {
    const highlighted = activeIndex >= 0 ? shownSuggestions?.[activeIndex] : undefined;
    setShownSuggestions(suggestions);
    setActiveIndex(
      highlighted
        ? (suggestions ?? []).findIndex((creator) => creator.username === highlighted.username)
        : -1,
    );
  }

  const isOpen = openedAt === location.key && hasQuery && suggestions !== undefined;
  const creators = isOpen ? suggestions : [];
  // The creators, then 'See all results'.
  const optionCount = creators.length + 1;
  const seeAllIndex = creators.length;
  const optionId = (index: number) => `${listId}-${index}`;
  const activeOptionId = isOpen && activeIndex >= 0 ? optionId(activeIndex) : undefined;

  // A short screen may not show the whole list: keep the highlighted option in view.
  useEffect(() => {
    if (activeOptionId) document.getElementById(activeOptionId)?.scrollIntoView({ block: 'nearest' });
  }, [activeOptionId]);

  function open() {
    setOpenedAt(location.key);
  }

  function close() {
    setOpenedAt(null);
    setActiveIndex(-1);
  }

  function openCreator(creator: TCreatorCard) {
    close();
    navigate(getProfilePath(creator.username));
  }

  function showResults() {
    close();
    navigate(trimmedQuery ? `/creators/all?${new URLSearchParams({ q: trimmedQuery })}` : '/creators/all');
  }

  function searchCreators(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    showResults();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (!hasQuery) return;
        event.preventDefault();
        if (!isOpen) {
          open();
          setActiveIndex(event.key === 'ArrowDown' ? 0 : -1);
          return;
        }
        const step = event.key === 'ArrowDown' ? 1 : -1;
        // Wraps around; from no highlight, Up goes to the last option.
        setActiveIndex((index) =>
          index < 0 && step < 0 ? optionCount - 1 : (index + step + optionCount) % optionCount,
        );
        return;
      }
      case 'Enter': {
        const creator = isOpen ? creators[activeIndex] : undefined;
        if (!creator) return; // the form submits: the results page
        event.preventDefault();
        openCreator(creator);
        return;
      }
      case 'Escape':
        // Closed, Escape keeps its native meaning in a search field: clearing it.
        if (!isOpen) return;
        event.preventDefault();
        close();
        return;
    }
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too recent for the browsers we support; the role gives the same landmark.
    <form
      role="search"
      className="search-form"
      onSubmit={searchCreators}
      onBlur={(event) => {
        // Leaving the box (a click outside, Tab) closes the list; the list never takes focus.
        if (!event.currentTarget.contains(event.relatedTarget)) close();
      }}
    >
      <SearchInput
        role="combobox"
        className="search-form__input"
        placeholder="Search for creators..."
        aria-label="Search for creators"
        aria-autocomplete="list"
        aria-expanded={isOpen}
        aria-controls={listId}
        aria-activedescendant={activeOptionId}
        autoComplete="off"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActiveIndex(-1);
          open();
        }}
        onFocus={open}
        onKeyDown={handleKeyDown}
        enterKeyHint="search"
      />
      <div
        className="search-form__popup"
        hidden={!isOpen}
        // Keeps the focus in the box when an option is clicked or tapped.
        onPointerDown={(event) => event.preventDefault()}
      >
        <div id={listId} role="listbox" aria-label="Creator suggestions" className="search-form__listbox">
          {creators.map((creator, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard reaches options through the combobox (aria-activedescendant).
            <div
              key={creator._id}
              id={optionId(index)}
              role="option"
              // Focusable only as far as the rules ask: the focus stays in the box.
              tabIndex={-1}
              aria-selected={index === activeIndex}
              className="search-form__option"
              onPointerMove={() => setActiveIndex(index)}
              onClick={() => openCreator(creator)}
            >
              <CreatorSuggestion creator={creator} />
            </div>
          ))}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: reached through the combobox, as above. */}
          <div
            id={optionId(seeAllIndex)}
            role="option"
            tabIndex={-1}
            aria-selected={activeIndex === seeAllIndex}
            className="search-form__option search-form__option--all"
            onPointerMove={() => setActiveIndex(seeAllIndex)}
            onClick={showResults}
          >
            See all results for “{trimmedQuery}”
          </div>
        </div>
      </div>
      <span role="status" className="visually-hidden">
        {isOpen ? describeSuggestions(creators.length) : ''}
      </span>
    </form>
  );
}

function describeSuggestions(count: number) {
  if (count === 0) return 'No creators found. Press Enter to search anyway.';
  return `${count} ${count === 1 ? 'creator' : 'creators'} found. Use the arrow keys to choose.`;
}
