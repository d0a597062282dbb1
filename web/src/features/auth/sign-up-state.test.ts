import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { changeName, changeUsername, describeSignUpFailure, initialSignUpValues } from './sign-up-state';

describe('the username of the sign-up form', () => {
  it('starts with Zambia and empty fields', () => {
    expect(initialSignUpValues).toMatchObject({ country: 'ZM', username: '', isUsernameEdited: false });
  });

  it('follows the name until it is edited directly', () => {
    let values = changeName(initialSignUpValues, 'Mwila');
    expect(values.username).toBe('@mwila');
    values = changeName(values, 'Mwila Banda');
    expect(values.username).toBe('@mwilabanda');
    values = changeUsername(values, '@mwila_b');
    values = changeName(values, 'Mwila Banda Jr');
    expect(values).toMatchObject({ name: 'Mwila Banda Jr', username: '@mwila_b', isUsernameEdited: true });
  });

  it('is empty again when the name is cleared before any edit', () => {
    expect(changeName(changeName(initialSignUpValues, 'Mwila'), '  ').username).toBe('');
  });
});

describe('describeSignUpFailure', () => {
  const refuse = (code: string, message: string, status = 400) => new ApiError({ code, message, status });

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

  it("reads 'field: text' of a validation error", () => {
    expect(describeSignUpFailure(refuse('VALIDATION_ERROR', 'name: Name is required!'), 'x')).toEqual({
      field: 'name',
      step: 2,
      message: 'Name is required!',
    });
    expect(describeSignUpFailure(refuse('VALIDATION_ERROR', 'body: Not JSON'), 'x')).toEqual({
      field: null,
      message: 'body: Not JSON',
    });
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
