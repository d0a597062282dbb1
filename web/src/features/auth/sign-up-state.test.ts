import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { describeSignUpFailure, usernameForName } from './sign-up-state';

describe('the username that follows the name', () => {
  it('is the name lowercased without spaces, prefixed with @', () => {
    expect(usernameForName('Mwila')).toBe('@mwila');
    expect(usernameForName('Mwila Banda')).toBe('@mwilabanda');
  });

  it('is empty again when the name is cleared', () => {
    expect(usernameForName('  ')).toBe('');
  });
});

describe('describeSignUpFailure', () => {
  const refuse = (code: string, message: string, status = 400, field?: string) =>
    new ApiError({ code, message, status, field });

  it('puts a taken email or a weak password back on step one', () => {
    expect(describeSignUpFailure(refuse('EMAIL_TAKEN', 'Taken', 409), 'x')).toEqual({
      field: 'email',
      step: 1,
      message: 'Taken',
    });
    expect(describeSignUpFailure(refuse('WEAK_PASSWORD', 'Too common'), 'x')).toMatchObject({
      field: 'password',
      step: 1,
    });
  });

  it('puts a taken username under the username field', () => {
    expect(
      describeSignUpFailure(refuse('USERNAME_TAKEN', "The Username '@x' is not available", 409), 'x'),
    ).toEqual({ field: 'username', step: 2, message: "The Username '@x' is not available" });
  });

  it('puts a validation error under the field it names', () => {
    expect(describeSignUpFailure(refuse('VALIDATION_ERROR', 'Name is required!', 400, 'name'), 'x')).toEqual({
      field: 'name',
      step: 2,
      message: 'Name is required!',
    });
    expect(
      describeSignUpFailure(refuse('VALIDATION_ERROR', 'The request body is not valid JSON.'), 'x'),
    ).toEqual({ field: null, message: 'The request body is not valid JSON.' });
  });

  it('falls back to the message of any other failure', () => {
    expect(describeSignUpFailure(refuse('RATE_LIMITED', 'Wait', 429), 'x')).toEqual({
      field: null,
      message: 'Wait',
    });
    expect(describeSignUpFailure(new Error('boom'), 'An error occured!')).toEqual({
      field: null,
      message: 'An error occured!',
    });
  });
});
