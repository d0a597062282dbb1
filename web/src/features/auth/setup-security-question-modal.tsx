import { Link } from 'react-router';
import type { ModalBodyProps } from '../../lib/modals/modal-types';
import { useSignedInUser } from '../../lib/session';
import { SecurityQuestionSetupForm } from './components/security-question-setup-form';

/**
 * `?modal=setup-security-question[/no-redirect]`: opened by the sign-in sequence, and by the
 * account guard on every page until the account has a question. An account that has one
 * changes it in settings, after answering the current one.
 */
export default function SetupSecurityQuestionModal({ options, closeModal }: ModalBodyProps) {
  const user = useSignedInUser();
  if (!user.security_question) return <SecurityQuestionSetupForm user={user} options={options} />;
  return (
    <>
      <p className="modal__text">
        Your account already has a security question. You can change it in your settings.
      </p>
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={closeModal}>
          Close
        </button>
        <Link className="button button--primary" to={`/${user.username}/settings`}>
          Settings
        </Link>
      </div>
    </>
  );
}
