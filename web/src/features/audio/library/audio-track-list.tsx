import { useRef } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { PagedList } from '../../../ui/paged-list';
import { useProfileAudios } from '../api/list-profile-audios';
import { flattenAudioPages } from '../audio-cache';
import { AudioSkeletons } from './audio-skeletons';
import { AudioTrackRow } from './audio-track-row';
import './audio-library.css';

type AudioTrackListProps = {
  /** The creator's username, with or without its '@'. */
  username: string;
  /** The creator's name, for the list's accessible name and the empty text. */
  name: string;
  /** The viewer owns the profile: the empty list says so. */
  isAuthor: boolean;
  /** 'compact' (the play-creator-songs modal): smaller rows, and no author menu. */
  variant?: 'full' | 'compact';
};

/**
 * A creator's tracks, newest first, ten a page: ten skeletons while the first page loads,
 * the next page when the end of the list comes into view or with 'Load more' (the
 * keyboard's way), the spec's words and Try again when the list fails. Each row opens the
 * track's player page.
 */
export function AudioTrackList({ username, name, isAuthor, variant = 'full' }: AudioTrackListProps) {
  const query = useProfileAudios(username);
  const listRef = useRef<HTMLUListElement>(null);
  const audios = flattenAudioPages(query.data?.pages);
  const isCompact = variant === 'compact';
  const label = `Tracks of ${name}`;
  // A profile that is not a creator's has no tracks to list (the server knows no such creator).
  const isNotCreator = query.error instanceof ApiError && query.error.status === 404;

  const empty = (
    <div className="audio-list__empty">
      <p className="audio-list__empty-title">No audio yet</p>
      <p className="audio-list__empty-text">
        {isAuthor ? 'What you publish will show here.' : `When ${name} publishes, it will show here.`}
      </p>
      {isAuthor && !isCompact ? (
        <Link className="button button--secondary" to="/create/audio">
          Publish a track
        </Link>
      ) : null}
    </div>
  );

  if (isNotCreator) return empty;
  return (
    <PagedList
      query={query}
      itemCount={audios.length}
      isInfinite
      loading={<AudioSkeletons label={label} isCompact={isCompact} />}
      failed={
        <div className="audio-list__failure" role="alert">
          <p className="audio-list__failure-title">Unable to load tracks!</p>
          <p className="audio-list__failure-text">
            Make sure your're connected to the internet and try again..
          </p>
          <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      }
      empty={empty}
      moreClassName="audio-list__more"
    >
      <ul
        ref={listRef}
        className={isCompact ? 'audio-list audio-list--compact' : 'audio-list'}
        aria-label={label}
        aria-busy={query.isFetchingNextPage}
        // Takes the focus when a deleted track's row, and its menu, are gone.
        tabIndex={-1}
      >
        {audios.map((audio) => (
          <AudioTrackRow
            key={audio.audioId}
            audio={audio}
            username={username}
            isCompact={isCompact}
            onDeleted={() => listRef.current?.focus()}
          />
        ))}
      </ul>
    </PagedList>
  );
}
