import { describe, expect, it } from 'vitest';
import { parseValidationMessage } from './form-errors';

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
