import type { RefObject } from 'react';
import { BackIcon } from '../../../ui/icons';
import { SubmitButton } from '../../../ui/submit-button';
import { NameAndUsernameFields, type useNameAndUsername } from './name-and-username-fields';

type SignUpProfileStepProps = {
  nameAndUsername: ReturnType<typeof useNameAndUsername>;
  usernameError: string | undefined;
  usernameRef: RefObject<HTMLInputElement | null>;
  isSubmitting: boolean;
  onBack: () => void;
};

/** Step two of sign-up: name and username (which follows the name until edited), then Sign Up. */
export function SignUpProfileStep({
  nameAndUsername,
  usernameError,
  usernameRef,
  isSubmitting,
  onBack,
}: SignUpProfileStepProps) {
  return (
    <>
      <div className="form__step-bar">
        <button type="button" className="icon-button" aria-label="Back to step one" onClick={onBack}>
          <BackIcon />
        </button>
        <p className="form__step">Step 2 of 2</p>
      </div>
      <NameAndUsernameFields
        fields={nameAndUsername}
        usernameError={usernameError}
        usernameRef={usernameRef}
      />
      <SubmitButton isPending={isSubmitting}>Sign Up</SubmitButton>
    </>
  );
}
