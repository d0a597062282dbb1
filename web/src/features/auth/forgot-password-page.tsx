import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ForgotPasswordForm } from './components/forgot-password-form';
import { ResetPasswordPanel } from './components/reset-password-panel';
import './auth-page.css';

/**
 * /account/forgot-password[/:email]: asks for a reset link (the email, when given, is
 * prefilled); with `?reset=TOKEN` it is the page the mailed link opens.
 */
export default function ForgotPasswordPage() {
  const { email = '' } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('reset');
  const [isSent, setIsSent] = useState(false);
  const title = token ? 'Reset password' : isSent ? 'Email Sent' : 'Forgot password';
  useDocumentTitle(title);

  return (
    <div className="page auth-page">
      <h1 className="page__title">{title}</h1>
      <div className="auth-page__card">
        {token ? (
          <ResetPasswordPanel key={`${email}/${token}`} email={email} token={token} />
        ) : (
          // Keyed by email: the redirect from an expired link lands here with that email.
          <ForgotPasswordForm key={email} defaultEmail={email} onSent={() => setIsSent(true)} />
        )}
      </div>
    </div>
  );
}
