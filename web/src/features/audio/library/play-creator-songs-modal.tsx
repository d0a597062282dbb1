import { formatUsername } from '../../../lib/format-username';
import type { ModalBodyProps } from '../../../lib/modals/modal-types';
import { useProfile } from '../../profiles/api/get-profile';
import { AudioTrackList } from './audio-track-list';

/**
 * `?modal=play-creator-songs/{username}` (the spec's play-creator-songs): the creator's
 * tracks in a compact list; choosing one opens its player page, and the route change
 * closes the modal.
 */
export default function PlayCreatorSongsModal({ options }: ModalBodyProps) {
  const username = options.split('/')[0] ?? '';
  const profile = useProfile(username);
  if (!username) return <p className="modal__text">Open a creator's page to play their songs.</p>;
  const name = profile.data?.name || formatUsername(username);
  return (
    <div className="play-creator-songs">
      <p className="modal__text">Choose a track of {name} to play.</p>
      <AudioTrackList
        username={username}
        name={name}
        isAuthor={profile.data?.profileInteraction === 'AUTHOR'}
        variant="compact"
      />
    </div>
  );
}
