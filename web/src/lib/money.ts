/** Integer ngwee as kwacha with the K prefix: 5000 → 'K50', 5050 → 'K50.50'. */
export function formatKwacha(ngwee: number): string {
  const kwacha = Math.trunc(ngwee / 100);
  const rest = Math.abs(ngwee % 100);
  return rest === 0 ? `K${kwacha}` : `K${kwacha}.${String(rest).padStart(2, '0')}`;
}

/**
 * A kwacha amount typed by a person ('25', '25.5', 'K 25.50', '1,000') as integer ngwee,
 * read from its digits so no float ever rounds money; null when it is not an amount with at
 * most two decimals.
 */
export function parseKwachaToNgwee(text: string): number | null {
  const match = /^\s*[Kk]?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const kwacha = Number((match[1] ?? '').replaceAll(',', ''));
  const ngwee = Number((match[2] ?? '').padEnd(2, '0'));
  const total = kwacha * 100 + ngwee;
  return Number.isSafeInteger(total) ? total : null;
}
