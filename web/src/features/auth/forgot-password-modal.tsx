import type { ModalBodyProps } from '../../app/modals/modal-types';
import { ForgotPasswordForm } from './components/forgot-password-form';

/** `?modal=forgot-password[&modal_detail=EMAIL]`; titled 'Email Sent' once the link is sent. */
export default function ForgotPasswordModal({ detail, setTitle }: ModalBodyProps) {
  return <ForgotPasswordForm defaultEmail={detail} onSent={() => setTitle('Email Sent')} />;
}
