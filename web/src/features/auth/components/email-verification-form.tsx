import { EMAIL_CODE_LENGTH, ZVerifyCodeRequest } from '@stagepass/contract/auth';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { handleFormRequest, readFailureMessage } from '../../../lib/form-request';
import { toast } from '../../../lib/toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { TextField } from '../../../ui/form-fields';
import { SubmitButton } from '../../../ui/submit-button';
import { accountSetupPath } from '../account-gate';
import { useResendCode } from '../api/resend-code';
import { useVerifyEmailCode } from '../api/verify-code';
import { normalizeCodeInput, shouldOfferResend } from '../email-code';
import { SignOutFooter } from './sign-out-footer';
import '../auth-forms.css';

// Only the code is typed here: the email comes with the form, and the server checks it. The
// email-verification request is the first of the contract's two kinds of code.
const [ZEmailVerificationRequest] = ZVerifyCodeRequest.options;
const ZEmailCodeForm = ZEmailVerificationRequest.pick({ code: true });

/** The 6-digit code mailed at sign-up; once verified, the account is set up at /account-setup. */
export function EmailVerificationForm({ email, canSignOut }: { email: string; canSignOut: boolean }) {
  const [canResend, setCanResend] = useState(false);
  const form = useZodForm(ZEmailCodeForm, { defaultValues: { code: '' } });
  const navigate = useNavigate();
  const verifyCode = useVerifyEmailCode();
  const resendCode = useResendCode();

  const handleSubmit = handleFormRequest(form, {
    send: ({ code }) => verifyCode.mutateAsync({ email, code }),
    onSuccess: (answer) => {
      if (!answer.verified) {
        setCanResend(shouldOfferResend(answer));
        return form.setError('code', { message: answer.message }, { shouldFocus: true });
      }
      toast.success(answer.message);
      navigate(accountSetupPath, { replace: true });
    },
    failureAt: 'code',
  });

  async function handleResend() {
    try {
      const { message } = await resendCode.mutateAsync({ email });
      toast.success(message);
      setCanResend(false);
      form.resetField('code');
    } catch (caught) {
      toast.error(readFailureMessage(caught));
    }
  }

  function setCode(value: string) {
    form.setValue('code', normalizeCodeInput(value));
  }

  return (
    <form className="form" noValidate onSubmit={handleSubmit}>
      <p className="form__intro">
        We sent a {EMAIL_CODE_LENGTH}-digit code to <strong>{email}</strong>. Enter it to verify your email.
      </p>
      <TextField
        label="Verification code"
        className="code-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={EMAIL_CODE_LENGTH}
        {...form.registerField('code', { onChange: (event) => setCode(event.target.value) })}
        // A pasted code replaces the field, keeping its first six digits: maxLength alone
        // would cut '123 456' or 'Code: 123456' before its digits.
        onPaste={(event) => {
          event.preventDefault();
          setCode(event.clipboardData.getData('text'));
          form.clearErrors('code');
        }}
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
      <SubmitButton isPending={verifyCode.isPending}>Verify</SubmitButton>
      {canSignOut ? <SignOutFooter /> : null}
    </form>
  );
}
