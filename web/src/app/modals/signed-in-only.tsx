import type { ReactNode } from 'react';
import { type TSessionUser, useSession } from '../../features/auth/api/get-session';
import { SignInButton } from './sign-in-button';

type SignedInOnlyProps = {
  /** What a signed-out visitor is told, above the Sign In button. */
  message?: string;
  children: (user: TSessionUser) => ReactNode;
};

/** A modal body for the signed-in user; a signed-out visitor is asked to sign in first. */
export function SignedInOnly({ message = 'Sign in to continue.', children }: SignedInOnlyProps) {
  const { data: user, isPending } = useSession();

  if (user) return children(user);
  if (isPending) return <p className="modal__loading">Loading…</p>;
  return <SignInPrompt message={message} />;
}

/** Asks a signed-out visitor to sign in, then brings them back to the modal they were in. */
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
