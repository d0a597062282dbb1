// When a build is stale: its marker file is older than any of its sources (or missing).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..');

function findNewestChange(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target))
    newest = Math.max(newest, findNewestChange(path.join(target, entry)));
  return newest;
}

/** Whether `marker` exists and is at least as new as every file under `sources` (repo-relative). */
export function isBuildUpToDate(marker, sources) {
  const builtAt = existsSync(marker) ? statSync(marker).mtimeMs : 0;
  const sourcesChangedAt = Math.max(
    ...sources.map((source) => findNewestChange(path.join(repoRoot, source))),
  );
  return builtAt > 0 && builtAt >= sourcesChangedAt;
}
