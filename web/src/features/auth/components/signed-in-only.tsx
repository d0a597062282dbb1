import type { ReactNode } from 'react';
import { useModal } from '../../../app/modals/use-modal';
import { type TSessionUser, useSession } from '../api/get-session';

/** Renders its content for the signed-in user; asks a signed-out visitor to sign in first. */
export function SignedInOnly({ children }: { children: (user: TSessionUser) => ReactNode }) {
  const { data: user, isPending } = useSession();

  if (user) return children(user);
  if (isPending) return <p className="modal__loading">Loading…</p>;
  return <SignInPrompt message="Sign in to continue." />;
}

/** Asks a signed-out visitor to sign in, then brings them back to where they were. */
export function SignInPrompt({ message }: { message: string }) {
  const { openModal } = useModal();
  return (
    <>
      <p className="modal__text">{message}</p>
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
