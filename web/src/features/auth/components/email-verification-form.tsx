import { EMAIL_CODE_LENGTH, type TVerifyCodeResponse, ZVerifyCodeRequest } from '@stagepass/contract/auth';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, genericErrorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { focusFirstInvalidControl, TextField } from '../../../ui/form-fields';
import { accountSetupPath } from '../account-gate';
import { useResendCode } from '../api/resend-code';
import { useSignOut } from '../api/sign-out';
import { useVerifyEmailCode } from '../api/verify-code';
import { normalizeCodeInput, shouldOfferResend } from '../email-code';
import '../auth-forms.css';

/** The 6-digit code mailed at sign-up; once verified, the account is set up at /account-setup. */
export function EmailVerificationForm({ email, canSignOut }: { email: string; canSignOut: boolean }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [canResend, setCanResend] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const verifyCode = useVerifyEmailCode();
  const resendCode = useResendCode();
  const signOut = useSignOut({
    onSuccess: ({ message }) => {
      toast.success(message);
      navigate('/');
    },
    onError: () => toast.error(genericErrorMessage),
  });

  function showError(message: string) {
    setError(message);
    focusFirstInvalidControl(formRef.current);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZVerifyCodeRequest.safeParse({ purpose: 'email-verification', email, code });
    const codeIssue = parsed.error?.issues.find((issue) => issue.path[0] === 'code');
    if (codeIssue) return showError(codeIssue.message);
    setError(null);
    let answer: TVerifyCodeResponse;
    try {
      answer = await verifyCode.mutateAsync({ email, code });
    } catch (caught) {
      return showError(caught instanceof ApiError ? caught.message : genericErrorMessage);
    }
    if (!answer.verified) {
      setCanResend(shouldOfferResend(answer));
      return showError(answer.message);
    }
    toast.success(answer.message);
    navigate(accountSetupPath, { replace: true });
  }

  async function handleResend() {
    try {
      const { message } = await resendCode.mutateAsync({ email });
      toast.success(message);
      setCanResend(false);
      setError(null);
      setCode('');
    } catch (caught) {
      toast.error(caught instanceof ApiError ? caught.message : genericErrorMessage);
    }
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={handleSubmit}>
      <p className="form__intro">
        We sent a {EMAIL_CODE_LENGTH}-digit code to <strong>{email}</strong>. Enter it to verify your email.
      </p>
      <TextField
        label="Verification code"
        name="code"
        className="code-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={EMAIL_CODE_LENGTH}
        value={code}
        onChange={(event) => {
          setCode(normalizeCodeInput(event.target.value));
          setError(null);
        }}
        // A pasted code replaces the field, keeping its first six digits: maxLength alone
        // would cut '123 456' or 'Code: 123456' before its digits.
        onPaste={(event) => {
          event.preventDefault();
          setCode(normalizeCodeInput(event.clipboardData.getData('text')));
          setError(null);
        }}
        error={error ?? undefined}
      />
      {canResend ? (
        <p className="form__footer">
          <span>Need a new code?</span>
          <button
            type="button"
            className="link-button"
            disabled={resendCode.isPending}
            onClick={() => void handleResend()}
          >
            Resend Code
          </button>
        </p>
      ) : null}
      <button
        type="submit"
        className="button button--primary form__submit"
        disabled={verifyCode.isPending}
        aria-busy={verifyCode.isPending}
      >
        Verify
      </button>
      {canSignOut ? (
        <p className="form__footer">
          <span>Not your account?</span>
          <button
            type="button"
            className="link-button"
            disabled={signOut.isPending}
            onClick={() => signOut.mutate()}
          >
            Log Out
          </button>
        </p>
      ) : null}
    </form>
  );
}
