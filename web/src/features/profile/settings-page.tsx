import { useParams } from 'react-router';
import { ComingSoon } from '../../ui/coming-soon';
import { formatUsername } from './format-username';

export default function SettingsPage() {
  const { username = '' } = useParams();
  return <ComingSoon title="Settings" documentTitle={`Settings of ${formatUsername(username)}`} />;
}
