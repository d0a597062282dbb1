import { Navigate, useParams, useSearchParams } from 'react-router';
import { readMembershipItem } from './membership-item';

/**
 * /manage-membership/{username}?collection=&itemId=&screen=membership-options: the spec's
 * membership purchase page. About one item (a track, a post) it offers what opens that item,
 * over the item itself: the unlock modal, which sells the item's own unlock, or the pass
 * when the item is for pass holders (a pass never opens a pay-to-unlock item). Without an
 * item it opens the join flow on the creator's profile. The router has checked the address
 * (app/access/page-params.ts).
 */
export default function ManageMembershipPage() {
  const { username = '' } = useParams();
  const [search] = useSearchParams();
  const handle = `@${username.trim().replace(/^@/, '')}`;
  const { item } = readMembershipItem(search);
  if (item) {
    const where = item.type === 'audio' ? `/${handle}/audio/${item.id}` : `/feed/${item.id}`;
    return <Navigate replace to={`${where}?modal=unlock-exclusive-content/${item.id}`} />;
  }
  return <Navigate replace to={`/${handle}?modal=join-to-unlock/${encodeURIComponent(handle)}`} />;
}
