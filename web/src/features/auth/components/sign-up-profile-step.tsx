import type { Ref } from 'react';
import { TextField } from '../../../ui/form-fields';
import { BackIcon } from '../../../ui/icons';
import type { SignUpValues } from '../sign-up-state';
import type { SignUpErrors } from './sign-up-form';
import { UsernameField, type UsernameStatus } from './username-field';

type SignUpProfileStepProps = {
  values: SignUpValues;
  errors: SignUpErrors;
  usernameStatus: UsernameStatus;
  isSubmitting: boolean;
  nameRef: Ref<HTMLInputElement>;
  usernameRef: Ref<HTMLInputElement>;
  onBack: () => void;
  onNameChange: (name: string) => void;
  onUsernameChange: (username: string) => void;
};

/** Step two of sign-up: name and username (which follows the name until edited), then Sign Up. */
export function SignUpProfileStep({
  values,
  errors,
  usernameStatus,
  isSubmitting,
  nameRef,
  usernameRef,
  onBack,
  onNameChange,
  onUsernameChange,
}: SignUpProfileStepProps) {
  return (
    <>
      <div className="form__step-bar">
        <button type="button" className="icon-button" aria-label="Back to step one" onClick={onBack}>
          <BackIcon />
        </button>
        <p className="form__step">Step 2 of 2</p>
      </div>
      <TextField
        ref={nameRef}
        label="Name"
        name="name"
        autoComplete="name"
        value={values.name}
        onChange={(event) => onNameChange(event.target.value)}
        error={errors.name}
      />
      <UsernameField
        ref={usernameRef}
        value={values.username}
        status={usernameStatus}
        error={errors.username}
        onChange={onUsernameChange}
      />
      <button
        type="submit"
        className="button button--primary form__submit"
        disabled={isSubmitting}
        aria-busy={isSubmitting}
      >
        Sign Up
      </button>
    </>
  );
}
