import { useModal } from '../../../lib/modals/use-modal';
import { useProfileAudios } from '../api/list-profile-audios';
import { flattenAudioPages } from '../audio-cache';
import './audio-library.css';

/**
 * 'Play songs' beside a creator's profile tabs, once the creator has a track: it opens the
 * play-creator-songs modal (?modal=play-creator-songs/{username}). It reads the first page
 * the Audio tab shows, so that tab then opens at once.
 */
export default function PlaySongsButton({ username }: { username: string }) {
  const { openModal } = useModal();
  const query = useProfileAudios(username);
  if (flattenAudioPages(query.data?.pages).length === 0) return null;
  return (
    <button
      type="button"
      className="button button--secondary button--small play-songs-button"
      onClick={() => openModal('play-creator-songs', { options: username })}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z"
          fill="currentColor"
        />
      </svg>
      <span className="play-songs-button__label">Play songs</span>
    </button>
  );
}
