import os from 'node:os';

/** The value below which `share` (0..1) of the sorted timings fall. */
export function percentile(sortedTimings: readonly number[], share: number): number {
  return (
    sortedTimings[Math.min(sortedTimings.length - 1, Math.ceil(share * sortedTimings.length) - 1)] ?? NaN
  );
}

/**
 * The machine's load (1, 5, 15 minutes) and cores: the benches share it with others, and a
 * figure taken under load is read differently.
 */
export function describeLoad(): string {
  const [one, five, fifteen] = os.loadavg().map((load) => load.toFixed(2));
  return `load average ${one}, ${five}, ${fifteen} on ${os.cpus().length} cores`;
}

/** Rows of cells as a plain text table, the first row its header; columns after the first align right. */
export function formatTable(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)));
  const line = (row: readonly string[]) =>
    `  ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('   ')}`;
  const [header, ...body] = rows;
  return [line(header!), `  ${widths.map((width) => '-'.repeat(width)).join('   ')}`, ...body.map(line)].join(
    '\n',
  );
}

/** Times the steps of a seed: `lap(label)` ends a step, `steps()` tells them all ("users 2.1 s, …"). */
export function createStepTimer(): { lap: (label: string) => void; steps: () => string } {
  const steps: string[] = [];
  let started = performance.now();
  return {
    lap: (label) => {
      steps.push(`${label} ${((performance.now() - started) / 1000).toFixed(1)} s`);
      started = performance.now();
    },
    steps: () => steps.join(', '),
  };
}
