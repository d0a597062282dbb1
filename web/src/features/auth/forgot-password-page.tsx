import { ComingSoon } from '../../ui/coming-soon';

/** /account/forgot-password[/:email]: the email, when given, will prefill the form. */
export default function ForgotPasswordPage() {
  return <ComingSoon title="Forgot password" />;
}
