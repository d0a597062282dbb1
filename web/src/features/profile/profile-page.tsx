import { useParams } from 'react-router';
import { ComingSoon } from '../../ui/coming-soon';
import { formatUsername } from './format-username';

export default function ProfilePage() {
  const { username = '' } = useParams();
  return <ComingSoon title={formatUsername(username)} />;
}
