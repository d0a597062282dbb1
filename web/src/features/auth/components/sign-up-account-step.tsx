import { PASSWORD_MIN_LENGTH } from '@stagepass/contract/auth';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useModal } from '../../../lib/modals/use-modal';
import { CountryField } from '../../../ui/country-field';
import { TextField } from '../../../ui/form-fields';
import { SocialSignInLink } from './social-sign-in-link';

type SignUpAccountStepProps = {
  /** The sign-up form's own registerField (see useZodForm), for the fields of this step. */
  registerField: (
    name: 'country' | 'email' | 'password',
  ) => UseFormRegisterReturn & { error: string | undefined };
};

/** Step one of sign-up: country, email and password, then Next. */
export function SignUpAccountStep({ registerField }: SignUpAccountStepProps) {
  const { openModal } = useModal();

  return (
    <>
      <p className="form__step">Step 1 of 2</p>
      <CountryField {...registerField('country')} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        {...registerField('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        {...registerField('password')}
      />
      <button type="submit" className="button button--primary form__submit">
        Next
      </button>
      <SocialSignInLink />
      <p className="form__footer">
        <span>Already have an account?</span>
        <button
          type="button"
          className="link-button"
          onClick={() => openModal('signin', { shouldReplace: true })}
        >
          Sign In
        </button>
      </p>
    </>
  );
}
