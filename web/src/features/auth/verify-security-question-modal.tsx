import type { ModalBodyProps } from '../../app/modals/modal-types';
import { SignedInOnly } from '../../app/modals/signed-in-only';
import { SecurityQuestionVerifyForm } from './components/security-question-verify-form';

/** `?modal=verify-security-question[/no-redirect]`, opened by the sign-in sequence. */
export default function VerifySecurityQuestionModal({ options }: ModalBodyProps) {
  return (
    <SignedInOnly>{(user) => <SecurityQuestionVerifyForm user={user} options={options} />}</SignedInOnly>
  );
}
