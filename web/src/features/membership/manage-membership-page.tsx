import { useParams } from 'react-router';
import { formatUsername } from '../../lib/format-username';
import { ComingSoon } from '../../ui/coming-soon';

export default function ManageMembershipPage() {
  const { username = '' } = useParams();
  return (
    <ComingSoon title="Membership" description={`Membership options for ${formatUsername(username)}.`} />
  );
}
