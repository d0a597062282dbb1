import { suggestUsernameFromName } from '@stagepass/contract/auth';
import { ApiError } from '../../lib/api-client';
import { readInvalidField } from '../../lib/form-errors';

export type SignUpStep = 1 | 2;

export type SignUpField = 'country' | 'email' | 'password' | 'name' | 'username';

/** The username that follows a name (the spec's rule); empty again when the name is cleared. */
export function usernameForName(name: string): string {
  return name.trim() ? suggestUsernameFromName(name) : '';
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
  const invalid = readInvalidField(error);
  if (invalid && isSignUpField(invalid.field)) {
    return { field: invalid.field, step: fieldSteps[invalid.field], message: invalid.text };
  }
  return { field: null, message: error.message };
}
