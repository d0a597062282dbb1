import type { ModalBodyProps } from '../../lib/modals/modal-types';
import { AlreadySignedIn, useSignedInAtOpening } from './components/already-signed-in';
import { ForgotPasswordForm } from './components/forgot-password-form';

/**
 * `?modal=forgot-password[&modal_detail=EMAIL]`; titled 'Email Sent' once the link is sent.
 * Someone signed in changes their password in settings instead.
 */
export default function ForgotPasswordModal({ detail, setTitle, closeModal }: ModalBodyProps) {
  const user = useSignedInAtOpening();
  if (user === undefined) return <p className="modal__loading">Loading…</p>;
  if (user) return <AlreadySignedIn user={user} closeModal={closeModal} />;
  return <ForgotPasswordForm defaultEmail={detail} onSent={() => setTitle('Email Sent')} />;
}
