import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SignInPrompt } from '../modals/sign-in-prompt';
import { type Audience, decideAudience } from './audience';
import '../../ui/page.css';

type AudienceGateProps = { audience: Audience; children: ReactNode };

/** A page for its audience only: a visitor is asked to sign in, a fan told it is for creators. */
export function PageAudienceGate({ audience, children }: AudienceGateProps) {
  const { data: user } = useSession();
  const decision = decideAudience(audience, user);
  if (decision === 'show') return children;
  if (decision === 'loading') {
    return (
      <p className="page" role="status">
        Loading…
      </p>
    );
  }
  return decision === 'sign-in' ? <SignInPage /> : <CreatorsOnlyPage />;
}

/** A modal body for its audience only, with the same answers as a page, inside the dialog. */
export function ModalAudienceGate({ audience, children }: AudienceGateProps) {
  const { data: user } = useSession();
  const decision = decideAudience(audience, user);
  if (decision === 'show') return children;
  if (decision === 'loading') return <p className="modal__loading">Loading…</p>;
  if (decision === 'sign-in') return <SignInPrompt message="Sign in to continue." />;
  return (
    <>
      <p className="modal__text">This is for creator accounts. Find creators to follow instead.</p>
      <div className="modal__actions">
        <Link className="button button--primary" to="/creators/featured">
          Find Creators
        </Link>
      </div>
    </>
  );
}

function SignInPage() {
  useDocumentTitle('Sign in to continue');
  return (
    <div className="page">
      <h1 className="page__title">Sign in to continue</h1>
      <SignInPrompt message="This page belongs to your account. Sign in to open it." />
    </div>
  );
}

function CreatorsOnlyPage() {
  useDocumentTitle('For creators');
  return (
    <div className="page not-found">
      <h1 className="page__title">For creators</h1>
      <p className="page__lead">This page is for creator accounts. Find creators to follow instead.</p>
      <Link className="button button--primary" to="/creators/featured">
        Find Creators
      </Link>
    </div>
  );
}
