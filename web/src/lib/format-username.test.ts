import { describe, expect, it } from 'vitest';
import { formatUsername, normaliseUsername } from './format-username';

describe('formatUsername', () => {
  it('adds the leading @ a link may leave out', () => {
    expect(formatUsername('jane')).toBe('@jane');
  });

  it('keeps a username that already has it', () => {
    expect(formatUsername('@jane')).toBe('@jane');
  });
});

describe('normaliseUsername', () => {
  it('treats @Ana and ana as one profile', () => {
    expect(normaliseUsername('@Ana')).toBe('ana');
    expect(normaliseUsername('ana')).toBe('ana');
  });
});
