import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SignInPrompt } from '../../app/modals/signed-in-only';
import { isCreator, type TSessionUser, useSession } from '../auth/api/get-session';
import '../../ui/page.css';

/** The creator studio's pages: a signed-out visitor is asked to sign in, a fan is told why not. */
export function CreatorOnly({ children }: { children: (user: TSessionUser) => ReactNode }) {
  const session = useSession();
  const user = session.data;
  if (session.isPending) {
    return (
      <p className="page" role="status">
        Loading…
      </p>
    );
  }
  if (!user) {
    return (
      <div className="page">
        <h1 className="page__title">Sign in to create</h1>
        <SignInPrompt message="Sign in to your creator account to publish posts." />
      </div>
    );
  }
  if (!isCreator(user)) {
    return (
      <div className="page not-found">
        <h1 className="page__title">Only creators can publish</h1>
        <p className="page__lead">Creator accounts publish posts. Find creators to follow instead.</p>
        <Link className="button button--primary" to="/creators/featured">
          Find Creators
        </Link>
      </div>
    );
  }
  return children(user);
}
