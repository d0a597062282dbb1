import type { ModalBodyProps } from '../../lib/modals/modal-types';
import { useSignedInUser } from '../../lib/session';
import { SecurityQuestionSetupForm } from './components/security-question-setup-form';
import { SecurityQuestionVerifyForm } from './components/security-question-verify-form';

/**
 * `?modal=verify-security-question[/no-redirect]`, opened by the sign-in sequence and when
 * the server asks for the check. An account without a question has nothing to answer yet:
 * it sets one, which counts as the check.
 */
export default function VerifySecurityQuestionModal({ options }: ModalBodyProps) {
  const user = useSignedInUser();
  if (!user.security_question) return <SecurityQuestionSetupForm user={user} options={options} />;
  return <SecurityQuestionVerifyForm user={user} options={options} />;
}
