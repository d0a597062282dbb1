import { ZSignUpRequest } from '@stagepass/contract/auth';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useModal } from '../../../app/modals/use-modal';
import { genericErrorMessage } from '../../../lib/api-client';
import { readFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { focusFirstInvalidControl } from '../../../ui/form-fields';
import { emailVerificationModal } from '../account-gate';
import { type TSignUpResponse, useSignUp } from '../api/sign-up';
import {
  changeName,
  changeUsername,
  describeSignUpFailure,
  fieldSteps,
  initialSignUpValues,
  type SignUpField,
  type SignUpStep,
  type SignUpValues,
} from '../sign-up-state';
import { SignUpAccountStep } from './sign-up-account-step';
import '../auth-forms.css';
import { SignUpProfileStep } from './sign-up-profile-step';
import { useUsernameStatus } from './username-field';

const accountStepSchema = ZSignUpRequest.pick({ country: true, email: true, password: true });

const passwordRequiredMessage = 'Password is required!';

export type SignUpErrors = Partial<Record<SignUpField, string>>;

/**
 * The spec's two-step sign-up: country, email and password, then Next; name and username,
 * then Sign Up. The back arrow returns to step one with every value kept.
 */
export function SignUpForm() {
  const [values, setValues] = useState<SignUpValues>(initialSignUpValues);
  const [step, setStep] = useState<SignUpStep>(1);
  const [errors, setErrors] = useState<SignUpErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const firstFieldRef = useRef<HTMLSelectElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const usernameRef = useRef<HTMLInputElement>(null);
  const usernameStatus = useUsernameStatus(values.username);
  const queryClient = useQueryClient();
  const { openModal } = useModal();
  const signUp = useSignUp();

  function update(change: (current: SignUpValues) => SignUpValues, field: SignUpField) {
    setValues(change);
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  function showStep(next: SignUpStep, focus: 'first' | 'invalid') {
    setStep(next);
    if (focus === 'invalid') focusFirstInvalidControl(formRef.current);
    else requestAnimationFrame(() => (next === 1 ? firstFieldRef : nameRef).current?.focus());
  }

  function goToProfileStep() {
    const parsed = accountStepSchema.safeParse(values);
    if (!parsed.success) {
      const fieldErrors: SignUpErrors = readFieldErrors(parsed.error.issues);
      // The contract's length rule would say 'Use at least 8 characters' for an empty field.
      if (!values.password) fieldErrors.password = passwordRequiredMessage;
      setErrors(fieldErrors);
      focusFirstInvalidControl(formRef.current);
      return;
    }
    setErrors({});
    showStep(2, 'first');
  }

  async function submit() {
    const parsed = ZSignUpRequest.safeParse(values);
    if (!parsed.success) {
      const fieldErrors: SignUpErrors = readFieldErrors(parsed.error.issues);
      if (!values.password) fieldErrors.password = passwordRequiredMessage;
      setErrors(fieldErrors);
      const isAccountStepWrong = Object.keys(fieldErrors).some(
        (field) => fieldSteps[field as SignUpField] === 1,
      );
      showStep(isAccountStepWrong ? 1 : 2, 'invalid');
      return;
    }
    if (usernameStatus.kind === 'taken') {
      usernameRef.current?.focus();
      return;
    }
    setFailure(null);
    let answer: TSignUpResponse;
    try {
      answer = await signUp.mutateAsync(parsed.data);
    } catch (error) {
      const problem = describeSignUpFailure(error, genericErrorMessage);
      if (problem.field === null) {
        toast.error(genericErrorMessage);
        setFailure(problem.message);
        return;
      }
      if (problem.field === 'username') {
        void queryClient.invalidateQueries({ queryKey: ['auth', 'username-availability'] });
      }
      setErrors({ [problem.field]: problem.message });
      showStep(problem.step, 'invalid');
      return;
    }
    // The new account is signed in; its email is verified next, with the code just mailed.
    openModal(emailVerificationModal, { detail: answer.user.email, showClose: false, shouldReplace: true });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step === 1) goToProfileStep();
    else void submit();
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={handleSubmit}>
      {failure ? (
        <p className="form__notice form__notice--error" role="alert">
          {failure}
        </p>
      ) : null}
      {step === 1 ? (
        <SignUpAccountStep values={values} errors={errors} update={update} firstFieldRef={firstFieldRef} />
      ) : (
        <SignUpProfileStep
          values={values}
          errors={errors}
          usernameStatus={usernameStatus}
          isSubmitting={signUp.isPending}
          nameRef={nameRef}
          usernameRef={usernameRef}
          onBack={() => showStep(1, 'first')}
          onNameChange={(name) => {
            update((current) => changeName(current, name), 'name');
            // A username that follows the name is a new one: its old error no longer applies.
            if (!values.isUsernameEdited) setErrors(({ username: _previous, ...rest }) => rest);
          }}
          onUsernameChange={(username) => {
            update((current) => changeUsername(current, username), 'username');
            if (!username) usernameRef.current?.focus();
          }}
        />
      )}
    </form>
  );
}
