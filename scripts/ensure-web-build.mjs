#!/usr/bin/env node
// Builds the web app when its build is missing, unfinished, or older than any of its
// sources, so `npm start` and `npm test` on a fresh clone serve the current front end
// without a separate build step, and a second start does not rebuild for nothing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { isBuildUpToDate, repoRoot as root } from './build-freshness.mjs';

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

if (isBuildUpToDate(buildStamp, sources)) {
  console.log('Web app build is up to date.');
} else {
  console.log(
    existsSync(buildStamp) ? 'Web sources changed: rebuilding…' : 'Building the web app (first start)…',
  );
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
