import { useState } from 'react';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ForgotPasswordForm } from './components/forgot-password-form';
import { ResetPasswordPanel } from './components/reset-password-panel';
import { useResetLink } from './use-reset-link';
import './auth-page.css';

/**
 * /account/forgot-password[/:email]: asks for a reset link (the email, when given, is
 * prefilled); with `#reset=TOKEN&email=EMAIL` it is the page the mailed link opens.
 */
export default function ForgotPasswordPage() {
  const { email = '' } = useParams();
  const resetLink = useResetLink(email);
  const [isSent, setIsSent] = useState(false);
  const title = resetLink ? 'Reset password' : isSent ? 'Email Sent' : 'Forgot password';
  useDocumentTitle(title);

  return (
    <div className="page auth-page">
      <h1 className="page__title">{title}</h1>
      <div className="auth-page__card">
        {resetLink ? (
          <ResetPasswordPanel
            key={`${resetLink.email}/${resetLink.token}`}
            email={resetLink.email}
            token={resetLink.token}
          />
        ) : (
          // Keyed by email: the redirect from an expired link lands here with that email.
          <ForgotPasswordForm key={email} defaultEmail={email} onSent={() => setIsSent(true)} />
        )}
      </div>
    </div>
  );
}
