import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useModal } from '../../lib/modals/use-modal';
import { type TSessionUser, useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SignInButton } from '../../ui/sign-in-button';
import { AccountTypeForm } from './components/account-type-form';
import { decideDestination } from './sign-in-sequence';
import { parseSignUpRole } from './social-sign-in';
import { useNextPage } from './use-run-next-step';
import './auth-page.css';

/** /account-setup: where a new account chooses fan or creator (after email verification). */
export default function AccountSetupPage() {
  useDocumentTitle('Account setup');
  const { data: user, isPending } = useSession();
  const { openModal } = useModal();
  const { search } = useLocation();
  // Set by a social sign-up that kept the role chosen before leaving for the provider.
  const roleParam = new URLSearchParams(search).get('role');
  const hasAskedToSignIn = useRef(false);
  const isSignedOut = !isPending && !user;

  // A signed-out visitor gets the signin modal once, and stays here afterwards.
  useEffect(() => {
    if (!isSignedOut || hasAskedToSignIn.current || new URLSearchParams(search).has('modal')) return;
    hasAskedToSignIn.current = true;
    openModal('signin', { options: 'no-redirect', shouldReplace: true });
  }, [isSignedOut, search, openModal]);

  return (
    <div className="page auth-page">
      <h1 className="page__title">Account setup</h1>
      <p className="page__lead">
        Choose how you join Stagepass. You can publish as a creator or follow as a fan.
      </p>
      {user?.account_type ? (
        <AccountAlreadySetUp user={user} />
      ) : user ? (
        <div className="auth-page__card">
          <AccountTypeForm key={user._id} user={user} suggestedName={parseSignUpRole(roleParam)} />
        </div>
      ) : isSignedOut ? (
        <p>
          <SignInButton />
        </p>
      ) : null}
    </div>
  );
}

/** The type is chosen once (the server refuses another): say which, and where to go on. */
function AccountAlreadySetUp({ user }: { user: TSessionUser }) {
  const nextPage = useNextPage();
  const isCreator = user.account_type?.name === 'creator';
  return (
    <div className="auth-page__card">
      <p>
        Your account is set up: you joined as a <strong>{isCreator ? 'creator' : 'fan'}</strong>.
      </p>
      <Link className="button button--primary" to={decideDestination({ user, nextPage })}>
        Continue
      </Link>
    </div>
  );
}
