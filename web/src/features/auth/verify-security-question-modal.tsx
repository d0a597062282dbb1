import type { ModalBodyProps } from '../../app/modals/modal-types';
import { SecurityQuestionVerifyForm } from './components/security-question-verify-form';
import { SignedInOnly } from './components/signed-in-only';

/** `?modal=verify-security-question[/no-redirect]`, opened by the sign-in sequence. */
export default function VerifySecurityQuestionModal({ options }: ModalBodyProps) {
  return (
    <SignedInOnly>{(user) => <SecurityQuestionVerifyForm user={user} options={options} />}</SignedInOnly>
  );
}
