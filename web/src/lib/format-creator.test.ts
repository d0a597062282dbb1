import { describe, expect, it } from 'vitest';
import { formatCategory, formatFollowers } from './format-creator';

describe('formatFollowers', () => {
  it('uses the singular for one and groups thousands', () => {
    expect(formatFollowers(1)).toBe('1 follower');
    expect(formatFollowers(0)).toBe('0 followers');
    expect(formatFollowers(1204)).toBe('1,204 followers');
  });
});

describe('formatCategory', () => {
  it('capitalises the stored lowercase category', () => {
    expect(formatCategory('music artist')).toBe('Music artist');
  });
});
