import { Navigate, useParams } from 'react-router';

/**
 * /manage-membership/{username}?collection=&itemId=&screen=membership-options: the spec's
 * membership purchase page opens the same join flow on the creator's profile.
 */
export default function ManageMembershipPage() {
  const { username = '' } = useParams();
  const bare = username.trim().replace(/^@/, '');
  return <Navigate replace to={`/@${bare}?modal=join-to-unlock/${encodeURIComponent(`@${bare}`)}`} />;
}
