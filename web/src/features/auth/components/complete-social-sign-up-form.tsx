import {
  suggestUsernameFromName,
  type TPendingSocialSignUp,
  ZCompleteSocialSignUpRequest,
} from '@stagepass/contract/auth';
import { DEFAULT_COUNTRY_CODE } from '@stagepass/contract/countries';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { genericErrorMessage } from '../../../lib/api-client';
import { handleFormRequest } from '../../../lib/form-request';
import { toast } from '../../../lib/toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { CountryField } from '../../../ui/country-field';
import { FormFailure } from '../../../ui/form-failure';
import { SubmitButton } from '../../../ui/submit-button';
import { useCompleteSocialSignUp, usePendingSocialSignUp } from '../api/social-sign-up';
import { describeSignUpFailure } from '../sign-up-state';
import { buildAccountSetupPath, forgetSignUpRole, readSignUpRole } from '../social-sign-in';
import { NameAndUsernameFields, useNameAndUsername } from './name-and-username-fields';
import { SocialSignInLink } from './social-sign-in-link';
import '../auth-forms.css';

/**
 * `?modal=signup/complete-signup`: the provider confirmed who this is but there is no
 * account yet. Name and email come prefilled, there is no password, and the role chosen
 * before leaving for the provider is kept for account setup.
 */
export function CompleteSocialSignUpForm() {
  const pending = usePendingSocialSignUp();
  if (pending.isPending) return <p role="status">Loading your details…</p>;
  if (pending.isError) {
    return (
      <div className="form">
        <FormFailure message={pending.error.message} />
        <SocialSignInLink />
      </div>
    );
  }
  return <CompleteSocialSignUpFields pending={pending.data} />;
}

function CompleteSocialSignUpFields({ pending }: { pending: TPendingSocialSignUp }) {
  const form = useZodForm(ZCompleteSocialSignUpRequest, {
    defaultValues: {
      country: DEFAULT_COUNTRY_CODE,
      name: pending.name,
      username: suggestUsernameFromName(pending.name),
    },
  });
  const usernameRef = useRef<HTMLInputElement>(null);
  const nameAndUsername = useNameAndUsername({
    readUsername: () => form.watch('username'),
    setUsername: (username) => form.setValue('username', username),
    clearError: (field) => form.clearErrors(field),
    registerName: (options) => form.registerField('name', options),
  });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const completeSignUp = useCompleteSocialSignUp();

  const handleSubmit = handleFormRequest(form, {
    send: async (values) => {
      if (nameAndUsername.status.kind !== 'taken') return completeSignUp.mutateAsync(values);
      usernameRef.current?.focus();
      return null;
    },
    onSuccess: (answer) => {
      if (!answer) return;
      toast.success(answer.message);
      const role = pending.role ?? readSignUpRole();
      forgetSignUpRole();
      // Leaving the page also closes the modal; account setup is where a new account goes next.
      navigate(buildAccountSetupPath(role), { replace: true });
    },
    onFailure: (error) => {
      const problem = describeSignUpFailure(error, genericErrorMessage);
      if (problem.field === null || problem.field === 'email' || problem.field === 'password') {
        toast.error(genericErrorMessage);
        form.setError('root', { message: problem.message });
        return;
      }
      if (problem.field === 'username') {
        void queryClient.invalidateQueries({ queryKey: ['auth', 'username-availability'] });
      }
      form.setError(problem.field, { message: problem.message }, { shouldFocus: true });
    },
  });

  return (
    <form className="form" noValidate onSubmit={handleSubmit}>
      <p className="form__intro">
        Signing up as <strong>{pending.email}</strong>. Check your name and choose a username.
      </p>
      <FormFailure message={form.formState.errors.root?.message} />
      <CountryField {...form.registerField('country')} />
      <NameAndUsernameFields
        fields={nameAndUsername}
        usernameError={form.formState.errors.username?.message}
        usernameRef={usernameRef}
      />
      <SubmitButton isPending={completeSignUp.isPending}>Sign Up</SubmitButton>
    </form>
  );
}
