import { COUNTRY_CODES, type TCountryCode } from '@stagepass/contract/countries';

export type CountryOption = { code: TCountryCode; name: string };

/**
 * Every country of the contract named in `locale` (Intl.DisplayNames), in that language's
 * alphabetical order; 'ZZ' (an unknown region) comes last.
 */
export function listCountryOptions(locale: string): CountryOption[] {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    a.code === 'ZZ' ? 1 : b.code === 'ZZ' ? -1 : collator.compare(a.name, b.name),
  );
}
