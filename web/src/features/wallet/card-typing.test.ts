import { describe, expect, it } from 'vitest';
import { formatExpiry, groupCardNumber, typeCardNumber, typeExpiry } from './card-typing';

/**
 * A keystroke as a field sees it: `before` and `after` with '|' for the caret, e.g.
 * typing '2' at the end of '424|' gives '4242|'.
 */
function keystroke(type: typeof typeCardNumber, before: string, after: string, inputType?: string): string {
  const previous = before.replace('|', '');
  const result = type({ value: after.replace('|', ''), caret: after.indexOf('|'), previous, inputType });
  return `${result.value.slice(0, result.caret)}|${result.value.slice(result.caret)}`;
}

describe('the card number as typed', () => {
  it('is grouped in fours, at most 19 digits', () => {
    expect(groupCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(groupCardNumber('4242-4242 42')).toBe('4242 4242 42');
    expect(groupCardNumber('4242424242424242424299')).toBe('4242 4242 4242 4242 424');
    expect(groupCardNumber('abc')).toBe('');
  });

  it('adds the space as the fifth digit is typed, the caret after it', () => {
    expect(keystroke(typeCardNumber, '4242|', '42424|', 'insertText')).toBe('4242 4|');
    expect(keystroke(typeCardNumber, '424|', '4242|', 'insertText')).toBe('4242|');
  });

  it('keeps the caret after the digit typed in the middle', () => {
    expect(keystroke(typeCardNumber, '4242 |4242', '4242 1|4242', 'insertText')).toBe('4242 1|424 2');
    expect(keystroke(typeCardNumber, '42|42 4242', '421|42 4242', 'insertText')).toBe('421|4 2424 2');
  });

  it('deletes the digit before a space that backspace ran into', () => {
    expect(keystroke(typeCardNumber, '4242 |4242', '4242|4242', 'deleteContentBackward')).toBe('424|4 242');
    expect(keystroke(typeCardNumber, '4242| 4242', '4242|4242', 'deleteContentForward')).toBe('4242| 242');
    expect(keystroke(typeCardNumber, '4242 4|', '4242 |', 'deleteContentBackward')).toBe('4242|');
  });

  it('formats a pasted or filled-in number', () => {
    expect(keystroke(typeCardNumber, '|', '4242424242424242|', 'insertFromPaste')).toBe(
      '4242 4242 4242 4242|',
    );
    // Without an inputType (an autofill), what changed tells.
    expect(keystroke(typeCardNumber, '|', '5555-5555-5555-4444|')).toBe('5555 5555 5555 4444|');
  });
});

describe('the expiry as typed', () => {
  it('becomes MM/YY: "12" → "12/", "1230" → "12/30"', () => {
    const typing = { isDeleting: false };
    expect(formatExpiry('1', typing)).toBe('1');
    expect(formatExpiry('12', typing)).toBe('12/');
    expect(formatExpiry('12/3', typing)).toBe('12/3');
    expect(formatExpiry('1230', typing)).toBe('12/30');
    expect(formatExpiry('12 / 30', typing)).toBe('12/30');
    expect(formatExpiry('12/2030', typing)).toBe('12/30');
    expect(formatExpiry('122030', typing)).toBe('12/30');
    expect(formatExpiry('12/304', typing)).toBe('12/30');
  });

  it('pads a month that can only be one digit', () => {
    expect(formatExpiry('4', { isDeleting: false })).toBe('04/');
    expect(formatExpiry('1/', { isDeleting: false })).toBe('01/');
    expect(formatExpiry('1/30', { isDeleting: false })).toBe('01/30');
  });

  it('lets backspace through the slash', () => {
    expect(keystroke(typeExpiry, '1|', '12|', 'insertText')).toBe('12/|');
    expect(keystroke(typeExpiry, '12/|', '12|', 'deleteContentBackward')).toBe('12|');
    expect(keystroke(typeExpiry, '12|', '1|', 'deleteContentBackward')).toBe('1|');
    expect(keystroke(typeExpiry, '12/3|', '12/|', 'deleteContentBackward')).toBe('12|');
    expect(keystroke(typeExpiry, '12/|30', '12|30', 'deleteContentBackward')).toBe('1|3/0');
  });

  it('keeps the caret after the digit typed', () => {
    expect(keystroke(typeExpiry, '12/|', '12/3|', 'insertText')).toBe('12/3|');
    expect(keystroke(typeExpiry, '|', '4|', 'insertText')).toBe('04/|');
    expect(keystroke(typeExpiry, '1|/30', '11|/30', 'insertText')).toBe('11|/30');
  });
});
