import { FollowIcon, UnfollowIcon } from '../../../ui/page-icons';
import type { TProfile } from '../api/get-profile';
import { useFollowClick } from '../api/toggle-follow';

type FollowButtonProps = {
  profile: Pick<TProfile, 'username' | 'followStatus'>;
  isSignedIn: boolean;
  /** Only its icon on a phone (the words stay for screen readers), in a row short of room. */
  isCompactOnPhone?: boolean;
};

/** Follow or Unfollow at once (optimistic); a signed-out visitor is asked to sign in and stays here. */
export function FollowButton({ profile, isSignedIn, isCompactOnPhone = false }: FollowButtonProps) {
  const followOnClick = useFollowClick({ isSignedIn });
  const isFollowing = profile.followStatus;

  return (
    <button
      type="button"
      className={`button ${isFollowing ? 'button--secondary' : 'button--primary'}${
        isCompactOnPhone ? ' profile-actions__compact' : ''
      }`}
      onClick={() => followOnClick(profile.username)}
    >
      {isFollowing ? <UnfollowIcon /> : <FollowIcon />}
      <span className={isCompactOnPhone ? 'profile-actions__label' : undefined}>
        {isFollowing ? 'Unfollow' : 'Follow'}
      </span>
    </button>
  );
}
