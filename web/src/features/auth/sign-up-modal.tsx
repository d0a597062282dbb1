import { SignUpForm } from './components/sign-up-form';

/** `?modal=signup`: the two-step sign-up form. */
export default function SignUpModal() {
  return <SignUpForm />;
}
