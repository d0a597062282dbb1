import { useRef } from 'react';
import { Link } from 'react-router';
import { type TSessionUser, useSession } from '../../../lib/session';

/**
 * Who was signed in when a modal for visitors (sign in, sign up, forgot password) opened:
 * undefined while the session loads. Read once, so signing in inside the modal does not
 * turn its form into this notice before the sign-in sequence moves on.
 */
export function useSignedInAtOpening(): TSessionUser | null | undefined {
  const { data: user } = useSession();
  const atOpening = useRef<TSessionUser | null | undefined>(undefined);
  if (atOpening.current === undefined && user !== undefined) atOpening.current = user;
  return atOpening.current;
}

/** Said instead of a form for visitors to someone already signed in. */
export function AlreadySignedIn({ user, closeModal }: { user: TSessionUser; closeModal: () => void }) {
  return (
    <>
      <p className="modal__text">
        You are signed in as <strong>{user.username}</strong>. Log out from the account menu to use another
        account.
      </p>
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={closeModal}>
          Close
        </button>
        <Link className="button button--primary" to={`/${user.username}`}>
          View Profile
        </Link>
      </div>
    </>
  );
}
