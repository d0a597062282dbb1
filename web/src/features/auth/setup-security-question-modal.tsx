import type { ModalBodyProps } from '../../app/modals/modal-types';
import { SecurityQuestionSetupForm } from './components/security-question-setup-form';
import { SignedInOnly } from './components/signed-in-only';

/** `?modal=setup-security-question[/no-redirect]`, opened by the sign-in sequence. */
export default function SetupSecurityQuestionModal({ options }: ModalBodyProps) {
  return <SignedInOnly>{(user) => <SecurityQuestionSetupForm user={user} options={options} />}</SignedInOnly>;
}
