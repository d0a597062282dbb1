import { describe, expect, it } from 'vitest';
import { countMessageCharacters, describeSupport } from './support-text';

describe('describeSupport', () => {
  it("names the creator and uses the pronoun of the profile's gender", () => {
    expect(describeSupport({ name: 'Mwila Banda', gender: 'female' })).toMatch(
      /^Support Mwila Banda and her work with a one-off amount of your choice, K1 to K20,?000, and add a message for her if you like\. Only Mwila Banda sees it\.$/,
    );
    expect(describeSupport({ name: 'Chanda', gender: 'male' })).toContain('Chanda and his work');
    expect(describeSupport({ name: 'Chanda', gender: 'male' })).toContain('for him if you like');
    for (const gender of ['non-binary', 'prefer-not-to-say', null] as const) {
      expect(describeSupport({ name: 'Sam', gender })).toContain('Sam and their work');
      expect(describeSupport({ name: 'Sam', gender })).toContain('for them if you like');
    }
  });
});

describe('countMessageCharacters', () => {
  it('counts what the server counts: trimmed, an emoji as one', () => {
    expect(countMessageCharacters('  hi  ')).toBe(2);
    expect(countMessageCharacters('🎵🎵')).toBe(2);
  });
});
