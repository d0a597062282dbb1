import { describe, expect, it } from 'vitest';
import { formatUsername } from './format-username';

describe('formatUsername', () => {
  it('adds the leading @ a link may leave out', () => {
    expect(formatUsername('jane')).toBe('@jane');
  });

  it('keeps a username that already has it', () => {
    expect(formatUsername('@jane')).toBe('@jane');
  });
});
