import { Navigate, useSearchParams } from 'react-router';

/**
 * /subscribe?profileId=…&content=…: the subscribe page used from the installed app opens the
 * join flow on the creator's profile (profileId names the creator by username; the router
 * has checked it, app/access/page-params.ts).
 */
export default function SubscribePage() {
  const [search] = useSearchParams();
  const handle = `@${(search.get('profileId') ?? '').trim().replace(/^@/, '')}`;
  return <Navigate replace to={`/${handle}?modal=join-to-unlock/${encodeURIComponent(handle)}`} />;
}
