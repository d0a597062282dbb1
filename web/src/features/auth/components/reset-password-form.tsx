import { ZResetPasswordRequest } from '@stagepass/contract/auth';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { readInvalidField } from '../../../lib/form-errors';
import { handleFormRequest, readFailureMessage } from '../../../lib/form-request';
import { toast } from '../../../lib/toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { TextField } from '../../../ui/form-fields';
import { SubmitButton } from '../../../ui/submit-button';
import { useResetPassword } from '../api/reset-password';
import { decideAfterPasswordReset, resetRedirectDelayMs } from '../password-reset';
import '../auth-forms.css';

/** The new password, twice; the server's answer is toasted, then the page moves on after 3 seconds. */
export function ResetPasswordForm({ email, token }: { email: string; token: string }) {
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  const form = useZodForm(ZResetPasswordRequest, {
    defaultValues: { email, token, password: '', password2: '' },
  });
  const navigate = useNavigate();
  const resetPassword = useResetPassword();

  useEffect(() => {
    if (!redirectTo) return;
    const timer = setTimeout(() => navigate(redirectTo, { replace: true }), resetRedirectDelayMs);
    return () => clearTimeout(timer);
  }, [redirectTo, navigate]);

  const handleSubmit = handleFormRequest(form, {
    send: (values) => resetPassword.mutateAsync(values),
    onSuccess: (answer) => {
      toast.success(answer.message);
      setRedirectTo(decideAfterPasswordReset({ answer }, email));
    },
    onFailure: (error) => {
      const message = readFailureMessage(error);
      toast.error(message);
      const next = decideAfterPasswordReset({ error }, email);
      if (next) return setRedirectTo(next);
      // Refused for the password itself: say so under the field and let it be fixed.
      const field = readInvalidField(error);
      const fieldName = field?.field === 'password2' ? 'password2' : 'password';
      form.setError(fieldName, { message: field?.text ?? message }, { shouldFocus: true });
    },
  });

  const isDone = redirectTo !== null;

  return (
    <form className="form" noValidate onSubmit={handleSubmit}>
      {isDone ? (
        <p className="form__notice" role="status">
          Taking you on in a few seconds…
        </p>
      ) : null}
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        disabled={isDone}
        // A new password also settles whether the confirmation matches it.
        {...form.registerField('password', { onChange: () => form.clearErrors('password2') })}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        disabled={isDone}
        {...form.registerField('password2')}
      />
      <SubmitButton isPending={resetPassword.isPending} disabled={isDone}>
        Set new password
      </SubmitButton>
    </form>
  );
}
