import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from './api/get-session';
import { SignInForm } from './components/sign-in-form';
import './auth-page.css';

/** /signin: the sign-in form as a page (after sign-in, next_page is honoured). */
export default function SignInPage() {
  useDocumentTitle('Sign In');
  const { data: user } = useSession();

  return (
    <div className="page auth-page">
      <h1 className="page__title">Sign In</h1>
      {user ? (
        <p className="page__lead">
          You are signed in as {user.username}. <Link to={`/${user.username}`}>View your profile</Link>
        </p>
      ) : (
        <div className="auth-page__card">
          <SignInForm options="" isInModal={false} />
        </div>
      )}
    </div>
  );
}
