import { describe, expect, it } from 'vitest';
import { typoKeysOf, typoWordsOf } from './typo-keys.ts';

describe('typo keys of a query word', () => {
  it('are the word and the word with each letter left out', () => {
    expect(typoKeysOf('mwla').sort()).toEqual(['mla', 'mwa', 'mwl', 'mwla', 'wla']);
    // Repeated letters give the same key once.
    expect(typoKeysOf('naas').sort()).toEqual(['aas', 'naa', 'naas', 'nas']);
  });

  it('are made for words of 4 to 9 letters only', () => {
    expect(typoKeysOf('mwl')).toEqual([]);
    expect(typoKeysOf('kapambwes')).toHaveLength(10);
    expect(typoKeysOf('mwilabanda')).toEqual([]);
    expect(typoWordsOf('Mwla b @kbiulds').map(({ word }) => word)).toEqual(['mwla', 'kbiulds']);
  });
});
