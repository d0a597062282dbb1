import { ZSignUpRequest } from '@stagepass/contract/auth';
import { DEFAULT_COUNTRY_CODE } from '@stagepass/contract/countries';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { genericErrorMessage } from '../../../lib/api-client';
import { useModal } from '../../../lib/modals/use-modal';
import { toast } from '../../../lib/toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { FormFailure } from '../../../ui/form-failure';
import { emailVerificationModal } from '../account-gate';
import { useSignUp } from '../api/sign-up';
import { describeSignUpFailure, type SignUpField, type SignUpStep } from '../sign-up-state';
import { useNameAndUsername } from './name-and-username-fields';
import { SignUpAccountStep } from './sign-up-account-step';
import { SignUpProfileStep } from './sign-up-profile-step';
import '../auth-forms.css';

const accountStepFields = ['country', 'email', 'password'] as const;

const passwordRequiredMessage = 'Password is required!';

/**
 * The spec's two-step sign-up: country, email and password, then Next; name and username,
 * then Sign Up. The back arrow returns to step one with every value kept.
 */
export function SignUpForm() {
  const [step, setStep] = useState<SignUpStep>(1);
  const form = useZodForm(ZSignUpRequest, {
    defaultValues: { country: DEFAULT_COUNTRY_CODE, email: '', password: '', name: '', username: '' },
  });
  const usernameRef = useRef<HTMLInputElement>(null);
  const nameAndUsername = useNameAndUsername({
    readUsername: () => form.watch('username'),
    setUsername: (username) => form.setValue('username', username),
    clearError: (field) => form.clearErrors(field),
    registerName: (options) => form.registerField('name', options),
  });
  const queryClient = useQueryClient();
  const { openModal } = useModal();
  const signUp = useSignUp();

  /** 'Password is required!' for an empty password, where the contract's rule speaks of length. */
  function flagEmptyPassword() {
    if (form.getValues('password') === '' && form.getFieldState('password').error) {
      form.setError('password', { message: passwordRequiredMessage }, { shouldFocus: true });
    }
  }

  function showStep(next: SignUpStep) {
    setStep(next);
    requestAnimationFrame(() => form.setFocus(next === 1 ? 'country' : 'name'));
  }

  async function goToProfileStep() {
    const isValid = await form.trigger([...accountStepFields], { shouldFocus: true });
    if (!isValid) {
      flagEmptyPassword();
      return;
    }
    showStep(2);
  }

  async function submit() {
    const isValid = await form.trigger();
    if (!isValid) {
      flagEmptyPassword();
      // Every value is kept across steps: a wrong one on step one sends the person back there.
      const isAccountStepWrong = accountStepFields.some((field) => form.getFieldState(field).error);
      if (isAccountStepWrong) setStep(1);
      form.focusFirstInvalid();
      return;
    }
    if (nameAndUsername.status.kind === 'taken') {
      usernameRef.current?.focus();
      return;
    }
    try {
      await signUp.mutateAsync(ZSignUpRequest.parse(form.getValues()));
      // The new account is signed in; its email is verified next, with the code just mailed.
      openModal(emailVerificationModal, { showClose: false, shouldReplace: true });
    } catch (error) {
      showFailure(error);
    }
  }

  function showFailure(error: unknown) {
    const problem = describeSignUpFailure(error, genericErrorMessage);
    if (problem.field === null) {
      toast.error(genericErrorMessage);
      form.setError('root', { message: problem.message });
      return;
    }
    if (problem.field === 'username') {
      void queryClient.invalidateQueries({ queryKey: ['auth', 'username-availability'] });
    }
    setStep(problem.step);
    const field: SignUpField = problem.field;
    requestAnimationFrame(() => form.setError(field, { message: problem.message }, { shouldFocus: true }));
  }

  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void (step === 1 ? goToProfileStep() : submit());
      }}
    >
      <FormFailure message={form.formState.errors.root?.message} />
      {step === 1 ? (
        <SignUpAccountStep registerField={form.registerField} />
      ) : (
        <SignUpProfileStep
          nameAndUsername={nameAndUsername}
          usernameError={form.formState.errors.username?.message}
          usernameRef={usernameRef}
          isSubmitting={signUp.isPending}
          onBack={() => showStep(1)}
        />
      )}
    </form>
  );
}
