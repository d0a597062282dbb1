import { ZChangePasswordRequest } from '@stagepass/contract/account-settings';
import { useState } from 'react';
import { handleFormRequest, readFailureMessage } from '../../../lib/form-request';
import type { TSessionUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useSecurityCheck } from '../../../lib/use-security-check';
import { useZodForm } from '../../../lib/use-zod-form';
import { TextField } from '../../../ui/form-fields';
import { SettingsForm, SettingsSection, SuccessNotice } from '../../../ui/settings-section';
import { useChangePassword } from '../api/change-password';
import { CurrentPasswordField } from './email-section';

/** A new password; the server then signs out every other session, and this page says so. */
export function PasswordSection({ user }: { user: TSessionUser }) {
  const form = useZodForm(ZChangePasswordRequest, {
    defaultValues: { currentPassword: '', password: '', password2: '' },
  });
  const changePassword = useChangePassword();
  const [notice, setNotice] = useState<string | null>(null);
  const { handleSecurityCheckError } = useSecurityCheck();
  const handleSubmit = handleFormRequest(form, {
    send: ({ currentPassword, ...values }) =>
      changePassword.mutateAsync({ ...values, currentPassword: currentPassword || undefined }),
    onSuccess: ({ message }) => {
      // 'Your password has been changed. Your other sessions were signed out.'
      setNotice(message);
      toast.success(message);
      form.reset();
    },
    onFailure: (error) => {
      if (handleSecurityCheckError(error)) return;
      setNotice(null);
      form.setError('root', { message: readFailureMessage(error) });
    },
  });

  return (
    <SettingsSection title="Password" description="Changing it signs you out everywhere else.">
      <SuccessNotice message={notice} />
      <SettingsForm
        onSubmit={handleSubmit}
        failure={form.formState.errors.root?.message}
        submitLabel="Change password"
        isPending={changePassword.isPending}
      >
        <CurrentPasswordField user={user} {...form.registerField('currentPassword')} />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          {...form.registerField('password')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          {...form.registerField('password2')}
        />
      </SettingsForm>
    </SettingsSection>
  );
}
