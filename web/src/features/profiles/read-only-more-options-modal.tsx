import { normaliseUsername } from '../../lib/format-username';
import type { ModalBodyProps } from '../../lib/modals/modal-types';
import { useSignedInUser } from '../../lib/session';
import { MenuList } from '../../ui/menu-list';
import { useProfile } from './api/get-profile';
import { useReadOnlyOptionItems } from './profile-options';

/** `?modal=read-only-more-options-menu/{username}`: Book, Unfollow (or Follow), Message, Report or block. */
export default function ReadOnlyMoreOptionsModal({ options, closeModal }: ModalBodyProps) {
  const user = useSignedInUser();
  const profile = useProfile(options);
  if (!options) return <p className="modal__text">No profile was named.</p>;
  // Booking, following or reporting yourself makes no sense: these are for other people's profiles.
  if (normaliseUsername(options) === normaliseUsername(user.username)) {
    return <p className="modal__text">These options are for other people's profiles.</p>;
  }
  if (profile.data) return <ReadOnlyMenu profile={profile.data} closeModal={closeModal} />;
  if (profile.isError) return <p className="modal__text">This profile could not be loaded.</p>;
  return <p className="modal__loading">Loading…</p>;
}

function ReadOnlyMenu({
  profile,
  closeModal,
}: {
  profile: Parameters<typeof useReadOnlyOptionItems>[0]['profile'];
  closeModal: () => void;
}) {
  const items = useReadOnlyOptionItems({ profile, isInModal: true, closeModal });
  return <MenuList label="Profile options" items={items} onItemChosen={() => {}} />;
}
