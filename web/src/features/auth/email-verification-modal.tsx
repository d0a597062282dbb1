import type { ModalBodyProps } from '../../app/modals/modal-types';
import { useModal } from '../../app/modals/use-modal';
import { useSession } from './api/get-session';
import { EmailVerificationForm } from './components/email-verification-form';

/** `?modal=email-verification&modal_detail=EMAIL`; without a detail, the signed-in user's email. */
export default function EmailVerificationModal({ detail }: ModalBodyProps) {
  const { data: user, isPending } = useSession();
  const { openModal } = useModal();
  const email = detail || user?.email || '';

  if (email) return <EmailVerificationForm email={email} canSignOut={Boolean(user)} />;
  if (isPending) return <p className="modal__loading">Loading…</p>;
  return (
    <>
      <p className="modal__text">Sign in to verify your email.</p>
      <div className="modal__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => openModal('signin', { options: 'no-redirect', shouldReplace: true })}
        >
          Sign In
        </button>
      </div>
    </>
  );
}
