import { ComingSoon } from '../../ui/coming-soon';

export default function AccountSetupPage() {
  return <ComingSoon title="Account setup" description="Choose whether you join as a fan or as a creator." />;
}
