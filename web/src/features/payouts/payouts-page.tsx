import { ComingSoon } from '../../ui/coming-soon';

export default function PayoutsPage() {
  return <ComingSoon title="Payouts" description="Your earnings and payouts to mobile money." />;
}
