import { ZForgotPasswordRequest } from '@stagepass/contract/auth';
import { useState } from 'react';
import { handleFormRequest } from '../../../lib/form-request';
import { useZodForm } from '../../../lib/use-zod-form';
import { FormFailure } from '../../../ui/form-failure';
import { TextField } from '../../../ui/form-fields';
import { SubmitButton } from '../../../ui/submit-button';
import { useRequestPasswordReset } from '../api/request-password-reset';
import '../auth-forms.css';

type ForgotPasswordFormProps = {
  defaultEmail: string;
  /** Called once the link is sent, e.g. to retitle the dialog 'Email Sent'. */
  onSent: () => void;
};

/** Asks for a reset link by mail; then shows the server's message in place of the form. */
export function ForgotPasswordForm({ defaultEmail, onSent }: ForgotPasswordFormProps) {
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const form = useZodForm(ZForgotPasswordRequest, { defaultValues: { email: defaultEmail } });
  const requestPasswordReset = useRequestPasswordReset();
  const handleSubmit = handleFormRequest(form, {
    send: (values) => requestPasswordReset.mutateAsync(values),
    onSuccess: ({ message }) => {
      setSentMessage(message);
      onSent();
    },
  });

  if (sentMessage) {
    return (
      <p className="form__notice form__notice--success" role="status">
        {sentMessage}
      </p>
    );
  }

  return (
    <form className="form" noValidate onSubmit={handleSubmit}>
      <p className="form__intro">
        Enter the email of your account and we will mail you a link to set a new password.
      </p>
      <FormFailure message={form.formState.errors.root?.message} />
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        {...form.registerField('email')}
      />
      <SubmitButton isPending={requestPasswordReset.isPending}>Send reset link</SubmitButton>
    </form>
  );
}
