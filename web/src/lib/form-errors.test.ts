import { describe, expect, it } from 'vitest';
import { parseValidationMessage, readFieldErrors } from './form-errors';

describe('readFieldErrors', () => {
  it('keeps the first message of each top-level field', () => {
    expect(
      readFieldErrors([
        { path: ['email'], message: 'Email address is required!' },
        { path: ['email'], message: 'Enter a valid email address.' },
        { path: ['country', 'code'], message: 'Choose your country.' },
        { path: [], message: 'Not tied to a field' },
      ]),
    ).toEqual({ email: 'Email address is required!', country: 'Choose your country.' });
  });
});

describe('parseValidationMessage', () => {
  it("reads 'field: text'", () => {
    expect(parseValidationMessage('email: Enter a valid email address.')).toEqual({
      field: 'email',
      text: 'Enter a valid email address.',
    });
    expect(parseValidationMessage('country.code: Choose your country.')).toEqual({
      field: 'country',
      text: 'Choose your country.',
    });
  });

  it('returns null for a message that names no field', () => {
    expect(parseValidationMessage('Something went wrong.')).toBeNull();
    expect(parseValidationMessage('')).toBeNull();
  });
});
