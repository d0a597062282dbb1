/**
 * Integer ngwee as people read it: 5000 → 'K50', 125_050 → 'K1,250.50'. The contract's one
 * formatter, the same the server's messages use, so an amount reads the same everywhere.
 */
export { formatKwacha } from '@stagepass/contract/money-format';

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

/** Integer ngwee as a price field shows it for editing: 2500 → '25', 2550 → '25.50'. */
export function formatKwachaInput(ngwee: number): string {
  const kwacha = Math.floor(ngwee / 100);
  const rest = ngwee % 100;
  return rest === 0 ? String(kwacha) : `${kwacha}.${String(rest).padStart(2, '0')}`;
}
