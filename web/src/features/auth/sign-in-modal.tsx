import type { ModalBodyProps } from '../../lib/modals/modal-types';
import { AlreadySignedIn, useSignedInAtOpening } from './components/already-signed-in';
import { SignInForm } from './components/sign-in-form';

/** `?modal=signin[/no-redirect]`; someone already signed in is told so. */
export default function SignInModal({ options, closeModal }: ModalBodyProps) {
  const user = useSignedInAtOpening();
  if (user === undefined) return <p className="modal__loading">Loading…</p>;
  if (user) return <AlreadySignedIn user={user} closeModal={closeModal} />;
  return <SignInForm options={options} isInModal />;
}
