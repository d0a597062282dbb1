import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { FormFailure } from '../../../ui/form-failure';
import { useResetLinkCheck } from '../api/verify-code';
import { getForgotPasswordPath, resetRedirectDelayMs } from '../password-reset';
import { ResetPasswordForm } from './reset-password-form';

/**
 * A reset link (`/account/forgot-password#reset=TOKEN&email=EMAIL`): checked first; a link that
 * does not verify sends the visitor back to ask for a new one after 3 seconds.
 */
export function ResetPasswordPanel({ email, token }: { email: string; token: string }) {
  const check = useResetLinkCheck(email, token);
  const isRefused = check.isError || check.data?.verified === false;
  const navigate = useNavigate();

  useEffect(() => {
    if (!isRefused) return;
    const timer = setTimeout(
      () => navigate(getForgotPasswordPath(email), { replace: true }),
      resetRedirectDelayMs,
    );
    return () => clearTimeout(timer);
  }, [isRefused, email, navigate]);

  if (isRefused) {
    return (
      <div className="form">
        <FormFailure message={AUTH_MESSAGES.resetLinkInvalid} />
        {check.data?.message && check.data.message !== AUTH_MESSAGES.resetLinkInvalid ? (
          <p className="form__intro">{check.data.message}</p>
        ) : null}
        <p className="form__intro">Taking you back to ask for a new link…</p>
      </div>
    );
  }
  if (!check.data) return <p className="form__intro">Checking your link…</p>;
  return <ResetPasswordForm email={email} token={token} />;
}
