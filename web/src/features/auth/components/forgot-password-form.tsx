import { ZForgotPasswordRequest } from '@stagepass/contract/auth';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError, genericErrorMessage } from '../../../lib/api-client';
import { readFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { focusFirstInvalidControl, TextField } from '../../../ui/form-fields';
import { useRequestPasswordReset } from '../api/request-password-reset';
import '../auth-forms.css';

type ForgotPasswordFormProps = {
  defaultEmail: string;
  /** Called once the link is sent, e.g. to retitle the dialog 'Email Sent'. */
  onSent: () => void;
};

/** Asks for a reset link by mail; then shows the server's message in place of the form. */
export function ForgotPasswordForm({ defaultEmail, onSent }: ForgotPasswordFormProps) {
  const [email, setEmail] = useState(defaultEmail);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const requestPasswordReset = useRequestPasswordReset();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZForgotPasswordRequest.safeParse({ email });
    if (!parsed.success) {
      setError(readFieldErrors(parsed.error.issues).email ?? genericErrorMessage);
      focusFirstInvalidControl(formRef.current);
      return;
    }
    setError(null);
    setFailure(null);
    try {
      const { message } = await requestPasswordReset.mutateAsync(parsed.data);
      setSentMessage(message);
      onSent();
    } catch (error) {
      toast.error(genericErrorMessage);
      setFailure(error instanceof ApiError ? error.message : genericErrorMessage);
    }
  }

  if (sentMessage) {
    return (
      <p className="form__notice form__notice--success" role="status">
        {sentMessage}
      </p>
    );
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={handleSubmit}>
      <p className="form__intro">
        Enter the email of your account and we will mail you a link to set a new password.
      </p>
      {failure ? (
        <p className="form__notice form__notice--error" role="alert">
          {failure}
        </p>
      ) : null}
      <TextField
        label="Email address"
        name="email"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(null);
        }}
        error={error ?? undefined}
      />
      <button
        type="submit"
        className="button button--primary form__submit"
        disabled={requestPasswordReset.isPending}
        aria-busy={requestPasswordReset.isPending}
      >
        Send reset link
      </button>
    </form>
  );
}
