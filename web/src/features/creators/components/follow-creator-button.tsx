import type { TCreatorCard } from '@stagepass/contract/profiles';
import { useSession } from '../../../lib/session';
import { useFollowClick } from '../../profiles/api/toggle-follow';

/**
 * Follow or Unfollow from a card, optimistically through the profile feature's hook (which
 * updates this card and every other cached copy of the creator). Named after the creator,
 * as a list holds many. Signed out, it asks to sign in; on your own card there is none.
 */
export function FollowCreatorButton({ creator }: { creator: TCreatorCard }) {
  const { data: user } = useSession();
  const followOnClick = useFollowClick({ isSignedIn: Boolean(user) });
  if (user?._id === creator._id) return null;

  const isFollowing = creator.followStatus;
  return (
    <button
      type="button"
      className={`button ${isFollowing ? 'button--secondary' : 'button--primary'} creator-card__follow`}
      aria-label={`${isFollowing ? 'Unfollow' : 'Follow'} ${creator.name}`}
      onClick={() => followOnClick(creator.username)}
    >
      {isFollowing ? 'Unfollow' : 'Follow'}
    </button>
  );
}
