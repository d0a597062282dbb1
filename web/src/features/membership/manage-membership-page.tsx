import { useParams } from 'react-router';
import { ComingSoon } from '../../ui/coming-soon';

export default function ManageMembershipPage() {
  const { username = '' } = useParams();
  const name = username.startsWith('@') ? username : `@${username}`;
  return <ComingSoon title="Membership" description={`Membership options for ${name}.`} />;
}
