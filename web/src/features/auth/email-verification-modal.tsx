import type { ModalBodyProps } from '../../lib/modals/modal-types';
import { useSignedInUser } from '../../lib/session';
import { needsEmailVerification } from './account-gate';
import { EmailVerificationForm } from './components/email-verification-form';

/**
 * `?modal=email-verification`: the code mailed to the signed-in person's own address (a
 * `modal_detail` in the URL cannot point it elsewhere). A verified address has no code to
 * enter, and is told so rather than "we sent a code".
 */
export default function EmailVerificationModal({ closeModal }: ModalBodyProps) {
  const user = useSignedInUser();
  if (needsEmailVerification(user)) return <EmailVerificationForm email={user.email} canSignOut />;
  return (
    <>
      <p className="modal__text">
        Your email <strong>{user.email}</strong> is verified. There is no code to enter.
      </p>
      <div className="modal__actions">
        <button type="button" className="button button--primary" onClick={closeModal}>
          Close
        </button>
      </div>
    </>
  );
}
