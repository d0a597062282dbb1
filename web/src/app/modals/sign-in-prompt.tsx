import { SignInButton } from '../../ui/sign-in-button';

/** Asks a signed-out visitor to sign in, then brings them back to the page or modal they were in. */
export function SignInPrompt({ message }: { message: string }) {
  return (
    <>
      <p className="modal__text">{message}</p>
      <div className="modal__actions">
        <SignInButton isInModal />
      </div>
    </>
  );
}
