import { ZResetPasswordRequest } from '@stagepass/contract/auth';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, genericErrorMessage } from '../../../lib/api-client';
import { parseValidationMessage, readFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { focusFirstInvalidControl, TextField } from '../../../ui/form-fields';
import { useResetPassword } from '../api/reset-password';
import { decideAfterPasswordReset, resetRedirectDelayMs } from '../password-reset';
import '../auth-forms.css';

/** The new password, twice; the server's answer is toasted, then the page moves on after 3 seconds. */
export function ResetPasswordForm({ email, token }: { email: string; token: string }) {
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const resetPassword = useResetPassword();

  useEffect(() => {
    if (!redirectTo) return;
    const timer = setTimeout(() => navigate(redirectTo, { replace: true }), resetRedirectDelayMs);
    return () => clearTimeout(timer);
  }, [redirectTo, navigate]);

  function showErrors(fieldErrors: Record<string, string>) {
    setErrors(fieldErrors);
    focusFirstInvalidControl(formRef.current);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZResetPasswordRequest.safeParse({ email, token, password, password2 });
    if (!parsed.success) return showErrors(readFieldErrors(parsed.error.issues));
    setErrors({});
    try {
      const answer = await resetPassword.mutateAsync(parsed.data);
      toast.success(answer.message);
      setRedirectTo(decideAfterPasswordReset({ answer }, email));
    } catch (error) {
      const message = error instanceof ApiError ? error.message : genericErrorMessage;
      toast.error(message);
      const next = decideAfterPasswordReset({ error }, email);
      if (next) return setRedirectTo(next);
      // Refused for the password itself: say so under the field and let it be fixed.
      const field = parseValidationMessage(message);
      showErrors(
        field?.field === 'password2' ? { password2: field.text } : { password: field?.text ?? message },
      );
    }
  }

  const isDone = redirectTo !== null;

  return (
    <form ref={formRef} className="form" noValidate onSubmit={handleSubmit}>
      {isDone ? (
        <p className="form__notice" role="status">
          Taking you on in a few seconds…
        </p>
      ) : null}
      <TextField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        disabled={isDone}
        onChange={(event) => {
          setPassword(event.target.value);
          setErrors({});
        }}
        error={errors.password}
      />
      <TextField
        label="Confirm new password"
        name="password2"
        type="password"
        autoComplete="new-password"
        value={password2}
        disabled={isDone}
        onChange={(event) => {
          setPassword2(event.target.value);
          setErrors(({ password2: _cleared, ...rest }) => rest);
        }}
        error={errors.password2}
      />
      <button
        type="submit"
        className="button button--primary form__submit"
        disabled={resetPassword.isPending || isDone}
        aria-busy={resetPassword.isPending}
      >
        Set new password
      </button>
    </form>
  );
}
