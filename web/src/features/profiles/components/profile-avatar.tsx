import type { TProfile } from '../api/get-profile';
import { readInitials } from '../profile-format';
import './profile-avatar.css';

type ProfileAvatarProps = {
  profile: Pick<TProfile, 'name' | 'username' | 'imageAsset'>;
  /** An image chosen but not saved yet, shown in its place (the edit modal's preview). */
  previewUrl?: string | null;
  size?: 'large' | 'medium' | 'small';
  /** Beside the written name (a list row): no alternative text of its own. */
  isDecorative?: boolean;
};

/** The profile photo, or the name's initials on a coloured disc when there is none. */
export function ProfileAvatar({
  profile,
  previewUrl,
  size = 'large',
  isDecorative = false,
}: ProfileAvatarProps) {
  const url = previewUrl === undefined ? profile.imageAsset?.secure_url : previewUrl;
  const className = `profile-avatar profile-avatar--${size}`;
  if (url) {
    return <img className={className} src={url} alt={isDecorative ? '' : `Avatar of ${profile.name}`} />;
  }
  return (
    <span className={`${className} profile-avatar--initials`} aria-hidden="true">
      {readInitials(profile.name, profile.username)}
    </span>
  );
}
