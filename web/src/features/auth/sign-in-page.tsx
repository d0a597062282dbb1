import { ComingSoon } from '../../ui/coming-soon';

export default function SignInPage() {
  return <ComingSoon title="Sign in" />;
}
