import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { readInvalidField } from './form-errors';

const refuse = (code: string, message: string, field?: string) =>
  new ApiError({ code, message, status: 400, field });

describe('readInvalidField', () => {
  it('reads the field a validation error names, and its message', () => {
    expect(readInvalidField(refuse('VALIDATION_ERROR', 'Email must be an email address.', 'email'))).toEqual({
      field: 'email',
      text: 'Email must be an email address.',
    });
    expect(readInvalidField(refuse('VALIDATION_ERROR', 'Choose your country.', 'country.code'))).toEqual({
      field: 'country',
      text: 'Choose your country.',
    });
  });

  it('returns null for a failure that names no field', () => {
    expect(readInvalidField(refuse('VALIDATION_ERROR', 'The request body is not valid JSON.'))).toBeNull();
    expect(readInvalidField(refuse('RATE_LIMITED', 'Wait', 'email'))).toBeNull();
    expect(readInvalidField(new Error('Something went wrong.'))).toBeNull();
  });
});
