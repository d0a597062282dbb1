import { ZDeleteAccountRequest } from '@stagepass/contract/account-settings';
import { useNavigate } from 'react-router';
import { handleFormRequest, readFailureMessage } from '../../../lib/form-request';
import { useConfirm } from '../../../lib/modals/use-confirm';
import type { TSessionUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useSecurityCheck } from '../../../lib/use-security-check';
import { useZodForm } from '../../../lib/use-zod-form';
import { TextField } from '../../../ui/form-fields';
import { SettingsForm, SettingsSection } from '../../../ui/settings-section';
import { useDeleteAccount } from '../api/delete-account';
import { CurrentPasswordField } from './email-section';

/**
 * Deleting the account: DELETE typed (and the password), then the confirm alert, then the
 * request. Afterwards every cached answer is dropped and the visitor lands on /.
 */
export function DeleteAccountSection({ user }: { user: TSessionUser }) {
  const form = useZodForm(ZDeleteAccountRequest, {
    // Empty at first: the schema accepts only the typed word.
    defaultValues: { confirmation: '' as 'DELETE', currentPassword: '' },
  });
  const confirm = useConfirm();
  const navigate = useNavigate();
  const deleteAccount = useDeleteAccount();
  const { handleSecurityCheckError } = useSecurityCheck();

  const handleSubmit = handleFormRequest(form, {
    send: async ({ confirmation, currentPassword }) => {
      const isConfirmed = await confirm({
        type: 'delete',
        title: 'Delete account',
        message: `${user.username} and everything you uploaded will be removed for good. This cannot be undone.`,
      });
      if (!isConfirmed) return null;
      return deleteAccount.mutateAsync({ confirmation, currentPassword: currentPassword || undefined });
    },
    onSuccess: (answer) => {
      if (!answer) return;
      toast.success(answer.message);
      navigate('/', { replace: true });
    },
    onFailure: (error) => {
      if (handleSecurityCheckError(error)) return;
      form.setError('root', { message: readFailureMessage(error) });
    },
  });

  return (
    <SettingsSection
      title="Delete account"
      tone="danger"
      description="Your profile, your photos and your follows are removed. Payment records are kept, without your name."
    >
      <SettingsForm
        onSubmit={handleSubmit}
        failure={form.formState.errors.root?.message}
        submitLabel="Delete account"
        isPending={deleteAccount.isPending}
        tone="danger"
      >
        <TextField
          label="Type DELETE to confirm"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          {...form.registerField('confirmation')}
        />
        <CurrentPasswordField user={user} {...form.registerField('currentPassword')} />
      </SettingsForm>
    </SettingsSection>
  );
}
