import { COUNTRY_CODES } from '@stagepass/contract/countries';
import { describe, expect, it } from 'vitest';
import { listCountryOptions } from './country-options';

describe('listCountryOptions', () => {
  it('names every country in the given language, sorted, with the unknown region last', () => {
    const options = listCountryOptions('en');
    expect(options).toHaveLength(COUNTRY_CODES.length);
    expect(options.find((option) => option.code === 'ZM')?.name).toBe('Zambia');
    expect(options[0]?.code).toBe('AF');
    expect(options.at(-1)?.code).toBe('ZZ');
    const names = options.slice(0, -1).map((option) => option.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
  });

  it('follows the language', () => {
    expect(listCountryOptions('fr').find((option) => option.code === 'DE')?.name).toBe('Allemagne');
  });
});
