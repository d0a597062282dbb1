/**
 * The card form's fields formatted as they are typed: the number in groups of four
 * ('4242 4242 4242 4242'), the expiry as MM/YY ('12' → '12/'). Pure functions of what the
 * field holds and where its caret is, so the form only applies their answer.
 */

/** What a field holds after a keystroke, and where its caret is. */
export type TypedValue = { value: string; caret: number };

type Edit = TypedValue & {
  /** The value before this keystroke. */
  previous: string;
  /** The input event's inputType ('insertText', 'deleteContentBackward', …), when known. */
  inputType?: string;
};

/** The longest card number (ISO/IEC 7812). */
export const CARD_NUMBER_MAX_DIGITS = 19;

const digitsOf = (text: string) => text.replace(/\D/g, '');

function countDigitsBefore(text: string, position: number): number {
  return digitsOf(text.slice(0, position)).length;
}

/** The position just after the nth digit of a formatted value (0 → the start). */
function positionAfterDigit(formatted: string, count: number): number {
  if (count === 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (/\d/.test(formatted[index] ?? '') && ++seen === count) return index + 1;
  }
  return formatted.length;
}

type Format = (text: string, options: { isDeleting: boolean }) => string;

const isDeletion = ({ value, previous, inputType }: Edit) =>
  inputType ? inputType.startsWith('delete') : value.length < previous.length;

/**
 * Formats the field's new value and keeps the caret after the same digit (at the end when
 * it was there). A deletion that only took a space or slash away would be put back by the
 * formatting, and the key would seem dead: it takes the digit on that side instead.
 */
function typeFormatted(edit: Edit, format: Format): TypedValue {
  const isDeleting = isDeletion(edit);
  let { value, caret } = edit;
  if (isDeleting && value !== edit.previous && format(value, { isDeleting }) === edit.previous) {
    const digits = digitsOf(value);
    const digitsBefore = countDigitsBefore(value, caret);
    const removedAt = edit.inputType === 'deleteContentForward' ? digitsBefore : digitsBefore - 1;
    if (removedAt >= 0) {
      value = digits.slice(0, removedAt) + digits.slice(removedAt + 1);
      caret = removedAt;
    }
  }
  const formatted = format(value, { isDeleting });
  const isAtEnd = caret >= value.length;
  return {
    value: formatted,
    caret: isAtEnd ? formatted.length : positionAfterDigit(formatted, countDigitsBefore(value, caret)),
  };
}

/** '4242424242424242' → '4242 4242 4242 4242'; at most 19 digits. */
export function groupCardNumber(text: string): string {
  return (
    digitsOf(text)
      .slice(0, CARD_NUMBER_MAX_DIGITS)
      .match(/\d{1,4}/g)
      ?.join(' ') ?? ''
  );
}

/** The card number field after a keystroke: grouped in fours, the caret after the same digit. */
export function typeCardNumber(edit: Edit): TypedValue {
  return typeFormatted(edit, groupCardNumber);
}

/**
 * The expiry as MM/YY from what was typed, pasted or filled in: '1' → '1', '12' → '12/'
 * (no slash added while deleting, so backspace goes through it), '4' or '4/' → '04/',
 * '1230' → '12/30', '12/2030' or '122030' → '12/30'.
 */
export function formatExpiry(text: string, { isDeleting }: { isDeleting: boolean }): string {
  const trimmed = text.trim();
  const withFullYear =
    /^(\d{1,2})\s*\/\s*\d{2}(\d{2})$/.exec(trimmed) ?? /^(\d{2})\d{2}(\d{2})$/.exec(trimmed);
  if (withFullYear) return `${(withFullYear[1] ?? '').padStart(2, '0')}/${withFullYear[2]}`;

  // A lone month digit followed by a slash, or one that cannot start a two-digit month.
  const loneMonth = /^(\d)\s*\//.exec(trimmed);
  let digits = digitsOf(trimmed);
  if (loneMonth || (!isDeleting && /^[2-9]$/.test(digits))) digits = `0${digits}`;
  digits = digits.slice(0, 4);

  if (digits.length > 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  if (digits.length === 2 && !isDeleting) return `${digits}/`;
  return digits;
}

/** The expiry field after a keystroke: MM/YY, the caret after the same digit (or at the end). */
export function typeExpiry(edit: Edit): TypedValue {
  return typeFormatted(edit, formatExpiry);
}
