import type { ModalBodyProps } from '../../app/modals/modal-types';
import { SignInPrompt } from '../../app/modals/signed-in-only';
import { useSession } from './api/get-session';
import { EmailVerificationForm } from './components/email-verification-form';

/** `?modal=email-verification&modal_detail=EMAIL`; without a detail, the signed-in user's email. */
export default function EmailVerificationModal({ detail }: ModalBodyProps) {
  const { data: user, isPending } = useSession();
  const email = detail || user?.email || '';

  if (email) return <EmailVerificationForm email={email} canSignOut={Boolean(user)} />;
  if (isPending) return <p className="modal__loading">Loading…</p>;
  return <SignInPrompt message="Sign in to verify your email." />;
}
