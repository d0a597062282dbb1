import { describe, expect, it } from 'vitest';
import { readStoredChoice } from './use-stored-choice';

describe('a choice stored locally', () => {
  it('is the stored one when it is one of the choices', () => {
    expect(readStoredChoice('teal', ['violet', 'teal'], 'violet')).toBe('teal');
  });

  it('is the fallback when nothing, or something else, is stored', () => {
    expect(readStoredChoice(null, ['violet', 'teal'], 'violet')).toBe('violet');
    expect(readStoredChoice('pink', ['violet', 'teal'], 'violet')).toBe('violet');
  });
});
