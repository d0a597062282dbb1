import { suggestUsernameFromName } from '@stagepass/contract/auth';
import { DEFAULT_COUNTRY_CODE, type TCountryCode } from '@stagepass/contract/countries';
import { ApiError } from '../../lib/api-client';
import { parseValidationMessage } from '../../lib/form-errors';

export type SignUpStep = 1 | 2;

export type SignUpValues = {
  country: TCountryCode;
  email: string;
  password: string;
  name: string;
  username: string;
  /** Set once the person edits the username directly: from then on it no longer follows the name. */
  isUsernameEdited: boolean;
};

export type SignUpField = 'country' | 'email' | 'password' | 'name' | 'username';

export const initialSignUpValues: SignUpValues = {
  country: DEFAULT_COUNTRY_CODE,
  email: '',
  password: '',
  name: '',
  username: '',
  isUsernameEdited: false,
};

/** A new name; the username follows it (the spec's rule) until edited directly. */
export function changeName(values: SignUpValues, name: string): SignUpValues {
  if (values.isUsernameEdited) return { ...values, name };
  return { ...values, name, username: name.trim() ? suggestUsernameFromName(name) : '' };
}

/** The username typed, a suggestion chosen, or the field cleared: all are direct edits. */
export function changeUsername(values: SignUpValues, username: string): SignUpValues {
  return { ...values, username, isUsernameEdited: true };
}

export const fieldSteps: Record<SignUpField, SignUpStep> = {
  country: 1,
  email: 1,
  password: 1,
  name: 2,
  username: 2,
};

/** Where a refused sign-up is shown: under a field (on its step), or above the form. */
export type SignUpFailure =
  | { field: SignUpField; step: SignUpStep; message: string }
  | { field: null; message: string };

const fieldsByCode: Record<string, SignUpField> = {
  EMAIL_TAKEN: 'email',
  USERNAME_TAKEN: 'username',
  WEAK_PASSWORD: 'password',
};

function isSignUpField(field: string): field is SignUpField {
  return Object.hasOwn(fieldSteps, field);
}

/** Maps the server's answer to the field it is about, so the form can go back to that step. */
export function describeSignUpFailure(error: unknown, fallbackMessage: string): SignUpFailure {
  if (!(error instanceof ApiError)) return { field: null, message: fallbackMessage };
  const field = fieldsByCode[error.code];
  if (field) return { field, step: fieldSteps[field], message: error.message };
  if (error.code === 'VALIDATION_ERROR') {
    const parsed = parseValidationMessage(error.message);
    if (parsed && isSignUpField(parsed.field)) {
      return { field: parsed.field, step: fieldSteps[parsed.field], message: parsed.text };
    }
  }
  return { field: null, message: error.message };
}
