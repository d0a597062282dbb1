/**
 * The one writer of the amounts people read, on the web and in the server's messages alike:
 * integer ngwee as kwacha, with thousands separators and the ngwee only when there are some
 * (2_000_000 → 'K20,000', 125_050 → 'K1,250.50'). Plain string work: no Intl, no DOM, no
 * Node, so the result is the same in every browser and on the server.
 */
export function formatKwacha(ngwee: number): string {
  const sign = ngwee < 0 ? '-' : '';
  return `${sign}K${formatKwachaNumber(Math.abs(ngwee))}`;
}

/**
 * The number alone, for a text that writes its own currency sign, such as the spec's
 * 'Set between k{min} - k{max}': 2_000_000 → '20,000', 550 → '5.50'.
 */
export function formatKwachaNumber(ngwee: number): string {
  if (!Number.isSafeInteger(ngwee)) throw new RangeError(`An amount is whole ngwee: ${ngwee}`);
  const sign = ngwee < 0 ? '-' : '';
  const whole = Math.trunc(Math.abs(ngwee) / 100);
  const rest = Math.abs(ngwee) % 100;
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return rest === 0 ? `${sign}${grouped}` : `${sign}${grouped}.${String(rest).padStart(2, '0')}`;
}
