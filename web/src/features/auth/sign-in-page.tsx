import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SignInForm } from './components/sign-in-form';
import { decideAfterSignIn } from './sign-in-sequence';
import { useRunNextStep } from './use-run-next-step';
import './auth-page.css';

/**
 * /signin: the sign-in form as a page (after sign-in, next_page is honoured). Social sign-in
 * also returns here: `?social=done` once the server has signed the account in, then the same
 * sequence as a password sign-in runs; `?social_error=` says why it did not complete.
 */
export default function SignInPage() {
  useDocumentTitle('Sign In');
  const { data: user } = useSession();
  const [searchParams] = useSearchParams();
  const socialError = searchParams.get('social_error');
  useFinishSocialSignIn(searchParams);

  return (
    <div className="page auth-page">
      <h1 className="page__title">Sign In</h1>
      {user ? (
        <p className="page__lead">
          You are signed in as {user.username}. <Link to={`/${user.username}`}>View your profile</Link>
        </p>
      ) : (
        <div className="auth-page__card">
          {socialError ? (
            <p className="form__notice form__notice--error" role="alert">
              {socialError}
            </p>
          ) : null}
          <SignInForm options="" isInModal={false} />
        </div>
      )}
    </div>
  );
}

/** Runs the sign-in sequence once when the provider has just signed this browser in. */
function useFinishSocialSignIn(searchParams: URLSearchParams) {
  const { data: user } = useSession();
  const runNextStep = useRunNextStep();
  const hasFinished = useRef(false);
  const isSocialReturn = searchParams.get('social') === 'done';
  const nextPage = searchParams.get('next_page');

  useEffect(() => {
    if (!isSocialReturn || !user || hasFinished.current) return;
    hasFinished.current = true;
    toast.success(AUTH_MESSAGES.signedIn);
    runNextStep(decideAfterSignIn({ user, options: '', nextPage }));
  }, [isSocialReturn, user, nextPage, runNextStep]);
}
