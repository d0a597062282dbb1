import { PASSWORD_MIN_LENGTH } from '@stagepass/contract/auth';
import type { TCountryCode } from '@stagepass/contract/countries';
import { type Ref, useMemo } from 'react';
import { useModal } from '../../../app/modals/use-modal';
import { SelectField, TextField } from '../../../ui/form-fields';
import { listCountryOptions } from '../country-options';
import type { SignUpField, SignUpValues } from '../sign-up-state';
import type { SignUpErrors } from './sign-up-form';

type SignUpAccountStepProps = {
  values: SignUpValues;
  errors: SignUpErrors;
  update: (change: (current: SignUpValues) => SignUpValues, field: SignUpField) => void;
  firstFieldRef: Ref<HTMLSelectElement>;
};

/** Step one of sign-up: country, email and password, then Next. */
export function SignUpAccountStep({ values, errors, update, firstFieldRef }: SignUpAccountStepProps) {
  const { openModal } = useModal();
  // Named in the page's language, as the rest of the interface is.
  const countries = useMemo(() => listCountryOptions(document.documentElement.lang || 'en'), []);

  return (
    <>
      <p className="form__step">Step 1 of 2</p>
      <SelectField
        ref={firstFieldRef}
        label="Country"
        name="country"
        autoComplete="country"
        value={values.country}
        onChange={(event) =>
          update((current) => ({ ...current, country: event.target.value as TCountryCode }), 'country')
        }
        error={errors.country}
      >
        {countries.map(({ code, name }) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        value={values.email}
        onChange={(event) => update((current) => ({ ...current, email: event.target.value }), 'email')}
        error={errors.email}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={(event) => update((current) => ({ ...current, password: event.target.value }), 'password')}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password}
      />
      <button type="submit" className="button button--primary form__submit">
        Next
      </button>
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
