import { ZChangeEmailRequest, ZConfirmEmailChangeRequest } from '@stagepass/contract/account-settings';
import { useState } from 'react';
import { handleFormRequest, readFailureMessage } from '../../../lib/form-request';
import type { TSessionUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useSecurityCheck } from '../../../lib/use-security-check';
import { useZodForm } from '../../../lib/use-zod-form';
import { TextField } from '../../../ui/form-fields';
import { SettingsForm, SettingsSection, SuccessNotice } from '../../../ui/settings-section';
import { useConfirmEmailChange, useRequestEmailChange } from '../api/change-email';

/** Change of email in two steps: the new address (and the password), then the code mailed to it. */
export function EmailSection({ user }: { user: TSessionUser }) {
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <SettingsSection
      title="Email"
      description={
        <>
          Your email address is <strong>{user.email}</strong>.
        </>
      }
    >
      <SuccessNotice message={notice} />
      {pendingEmail ? (
        <CodeStep
          email={pendingEmail}
          onDone={(message) => {
            setPendingEmail(null);
            setNotice(message);
          }}
          onRestart={() => setPendingEmail(null)}
        />
      ) : (
        <AddressStep
          user={user}
          onSent={(email, message) => {
            setNotice(message);
            setPendingEmail(email);
          }}
        />
      )}
    </SettingsSection>
  );
}

function AddressStep({
  user,
  onSent,
}: {
  user: TSessionUser;
  onSent: (email: string, message: string) => void;
}) {
  const form = useZodForm(ZChangeEmailRequest, { defaultValues: { email: '', currentPassword: '' } });
  const requestChange = useRequestEmailChange();
  const { handleSecurityCheckError } = useSecurityCheck();
  const handleSubmit = handleFormRequest(form, {
    send: ({ email, currentPassword }) =>
      requestChange.mutateAsync({ email, currentPassword: currentPassword || undefined }),
    onSuccess: ({ message }, { email }) => onSent(email, message),
    onFailure: (error) => {
      if (handleSecurityCheckError(error)) return;
      form.setError('root', { message: readFailureMessage(error) });
    },
  });

  return (
    <SettingsForm
      onSubmit={handleSubmit}
      failure={form.formState.errors.root?.message}
      submitLabel="Send code"
      isPending={requestChange.isPending}
    >
      <TextField
        label="New email address"
        type="email"
        autoComplete="email"
        {...form.registerField('email')}
      />
      <CurrentPasswordField user={user} {...form.registerField('currentPassword')} />
    </SettingsForm>
  );
}

function CodeStep({
  email,
  onDone,
  onRestart,
}: {
  email: string;
  onDone: (message: string) => void;
  onRestart: () => void;
}) {
  const form = useZodForm(ZConfirmEmailChangeRequest, { defaultValues: { code: '' } });
  const confirmChange = useConfirmEmailChange();
  const handleSubmit = handleFormRequest(form, {
    send: (values) => confirmChange.mutateAsync(values),
    onSuccess: ({ message }) => {
      toast.success(message);
      onDone(message);
    },
    failureAt: 'code',
  });

  return (
    <SettingsForm
      onSubmit={handleSubmit}
      submitLabel="Change email"
      isPending={confirmChange.isPending}
      secondaryAction={
        <button type="button" className="link-button" onClick={onRestart}>
          Use another address
        </button>
      }
    >
      <TextField
        label="Code from the email"
        hint={`Sent to ${email}.`}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        {...form.registerField('code')}
      />
    </SettingsForm>
  );
}

type CurrentPasswordFieldProps = Omit<Parameters<typeof TextField>[0], 'label'> & { user: TSessionUser };

/** The current password, which proves it is the owner; an account from social sign-in may have none. */
export function CurrentPasswordField({ user, ...props }: CurrentPasswordFieldProps) {
  const isOptional = user.signedInWith !== 'password';
  return (
    <TextField
      label="Current password"
      type="password"
      autoComplete="current-password"
      hint={isOptional ? 'Only if you have set one; otherwise leave it empty.' : undefined}
      {...props}
    />
  );
}
