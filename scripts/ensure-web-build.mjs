#!/usr/bin/env node
// Builds the web app when its build is missing, unfinished, or older than any of its
// sources, so `npm start` and `npm test` on a fresh clone serve the current front end
// without a separate build step, and a second start does not rebuild for nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// Written as the last step of the web build (web/scripts/mark-build-complete.mjs): a build
// interrupted half-way has no stamp, or an older one.
const buildStamp = path.join(root, 'web/dist/.build-complete');
const sources = [
  'web/src',
  'web/public',
  'web/scripts',
  'web/index.html',
  'web/vite.config.ts',
  'web/package.json',
  'contract/src',
];

function findNewestChange(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target))
    newest = Math.max(newest, findNewestChange(path.join(target, entry)));
  return newest;
}

const builtAt = existsSync(buildStamp) ? statSync(buildStamp).mtimeMs : 0;
const sourcesChangedAt = Math.max(...sources.map((source) => findNewestChange(path.join(root, source))));

if (builtAt >= sourcesChangedAt) {
  console.log('Web app build is up to date.');
} else {
  console.log(builtAt === 0 ? 'Building the web app (first start)…' : 'Web sources changed: rebuilding…');
  // Always a production build: under a test runner NODE_ENV=test would otherwise reach Vite
  // and bundle React's development build.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync('npm', ['run', 'build', '--workspace', 'web'], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  process.exit(result.status ?? 1);
}
