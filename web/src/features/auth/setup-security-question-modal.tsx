import type { ModalBodyProps } from '../../app/modals/modal-types';
import { SignedInOnly } from '../../app/modals/signed-in-only';
import { SecurityQuestionSetupForm } from './components/security-question-setup-form';

/** `?modal=setup-security-question[/no-redirect]`, opened by the sign-in sequence. */
export default function SetupSecurityQuestionModal({ options }: ModalBodyProps) {
  return <SignedInOnly>{(user) => <SecurityQuestionSetupForm user={user} options={options} />}</SignedInOnly>;
}
