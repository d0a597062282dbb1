import { useParams } from 'react-router';
import { formatUsername } from '../../lib/format-username';
import { ComingSoon } from '../../ui/coming-soon';

export default function ProfilePage() {
  const { username = '' } = useParams();
  return <ComingSoon title={formatUsername(username)} />;
}
