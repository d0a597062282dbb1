/**
 * The value axis of the earnings chart: round steps of whole kwacha (1, 2 or 5 times a
 * power of ten), from zero to at least the largest value, in about `count` steps.
 */
export function chooseTicks(maxNgwee: number, count = 4): number[] {
  if (maxNgwee <= 0) return [0, 100];
  const rough = maxNgwee / 100 / count;
  const power = 10 ** Math.floor(Math.log10(Math.max(rough, 1)));
  const step = ([1, 2, 5, 10].find((multiple) => multiple * power >= rough) ?? 10) * power;
  const ticks = [0];
  while ((ticks.at(-1) ?? 0) < maxNgwee) ticks.push(ticks.length * step * 100);
  return ticks;
}

/** '2026-11-26' → '26 Nov', read the same in every time zone (the days are UTC dates). */
export function formatDay(day: string, style: 'short' | 'long' = 'short'): string {
  const date = new Date(`${day}T00:00:00Z`);
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    ...(style === 'long' && { year: 'numeric', weekday: 'short' }),
    timeZone: 'UTC',
  });
}
