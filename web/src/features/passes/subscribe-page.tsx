import { Navigate, useSearchParams } from 'react-router';
import { ComingSoon } from '../../ui/coming-soon';

/**
 * /subscribe?profileId=…&content=…: the subscribe page used from the installed app opens the
 * join flow on the creator's profile (profileId names the creator by username).
 */
export default function SubscribePage() {
  const [search] = useSearchParams();
  const profileId = (search.get('profileId') ?? '').trim().replace(/^@/, '');
  if (!/^[\w.-]{1,60}$/.test(profileId)) return <ComingSoon title="Subscribe" />;
  return (
    <Navigate replace to={`/@${profileId}?modal=join-to-unlock/${encodeURIComponent(`@${profileId}`)}`} />
  );
}
