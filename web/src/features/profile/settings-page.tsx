import { useParams } from 'react-router';
import { formatUsername } from '../../lib/format-username';
import { ComingSoon } from '../../ui/coming-soon';

export default function SettingsPage() {
  const { username = '' } = useParams();
  return <ComingSoon title="Settings" documentTitle={`Settings of ${formatUsername(username)}`} />;
}
