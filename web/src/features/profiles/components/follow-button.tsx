import { FollowIcon, UnfollowIcon } from '../../../ui/page-icons';
import type { TProfile } from '../api/get-profile';
import { useFollowClick } from '../api/toggle-follow';

type FollowButtonProps = {
  profile: Pick<TProfile, 'username' | 'followStatus'>;
  isSignedIn: boolean;
};

/** Follow or Unfollow at once (optimistic); a signed-out visitor is asked to sign in and stays here. */
export function FollowButton({ profile, isSignedIn }: FollowButtonProps) {
  const followOnClick = useFollowClick({ isSignedIn });
  const isFollowing = profile.followStatus;

  return (
    <button
      type="button"
      className={isFollowing ? 'button button--secondary' : 'button button--primary'}
      onClick={() => followOnClick(profile.username)}
    >
      {isFollowing ? <UnfollowIcon /> : <FollowIcon />}
      {isFollowing ? 'Unfollow' : 'Follow'}
    </button>
  );
}
