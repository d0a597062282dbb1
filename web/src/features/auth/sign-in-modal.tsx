import type { ModalBodyProps } from '../../app/modals/modal-types';
import { SignInForm } from './components/sign-in-form';

/** `?modal=signin[/no-redirect]`. */
export default function SignInModal({ options }: ModalBodyProps) {
  return <SignInForm options={options} isInModal />;
}
