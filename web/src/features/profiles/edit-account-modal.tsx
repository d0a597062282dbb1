import type { ModalBodyProps } from '../../lib/modals/modal-types';
import { useSignedInUser } from '../../lib/session';
import { useProfile } from './api/get-profile';
import { EditProfileForm } from './components/edit-profile-form';
import './profile-forms.css';
import './profile-page.css';

/** `?modal=edit-account` (titled Edit Profile): the signed-in user's own profile. */
export default function EditAccountModal(_props: ModalBodyProps) {
  return <OwnProfileForm username={useSignedInUser().username} />;
}

function OwnProfileForm({ username }: { username: string }) {
  const profile = useProfile(username);
  if (profile.data) return <EditProfileForm profile={profile.data} />;
  if (profile.isError)
    return <p className="modal__text">Your profile could not be loaded. Try again later.</p>;
  return <p className="modal__loading">Loading…</p>;
}
