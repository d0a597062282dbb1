#!/usr/bin/env node
// Import boundaries between the workspaces and between web features, checked on every lint:
// - contract/ holds zod schemas only: it imports zod and itself, nothing from Node, the
//   database, React or the other workspaces;
// - server/ and web/ never import each other;
// - a web feature uses another feature only through that feature's api/ folder (its
//   fetchers and query hooks), never its components or pages. The app shell (web/src/app)
//   is the one place that composes features, so it may import their pages.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const importPattern =
  /(?:^|\s)(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

const rules = [
  {
    folder: 'contract/src',
    check: (specifier, file) =>
      specifier === 'zod' ||
      specifier.startsWith('./') ||
      specifier.startsWith('@stagepass/contract/') ||
      (specifier === 'vitest' && file.endsWith('.test.ts'))
        ? null
        : 'contract may import only zod and other contract files (and its tests vitest)',
  },
  {
    folder: 'server/src',
    check: (specifier) => (/^@stagepass\/web/.test(specifier) ? 'server must not import the web app' : null),
  },
  {
    folder: 'web/src',
    check: (specifier, file) => {
      if (/^@stagepass\/server/.test(specifier)) return 'web must not import the server';
      const target = path.resolve(path.dirname(file), specifier);
      const ownFeature = findFeature(file);
      const targetFeature = specifier.startsWith('.') ? findFeature(target) : null;
      if (!ownFeature || !targetFeature || targetFeature === ownFeature) return null;
      const insideTarget = path.relative(path.join(root, 'web/src/features', targetFeature), target);
      return insideTarget.startsWith(`api${path.sep}`)
        ? null
        : `web feature code may use feature "${targetFeature}" only through its api/ folder`;
    },
  },
];

function findFeature(file) {
  const relative = path.relative(path.join(root, 'web/src/features'), file);
  return relative.startsWith('..') ? null : relative.split(path.sep)[0];
}

function* sourceFiles(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield full;
  }
}

const violations = [];
for (const rule of rules) {
  for (const file of sourceFiles(path.join(root, rule.folder))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(importPattern)) {
      const specifier = match[1] ?? match[2];
      const problem = rule.check(specifier, file);
      if (problem) violations.push(`${path.relative(root, file)}: '${specifier}': ${problem}`);
    }
  }
}

if (violations.length > 0) {
  console.error(`Import boundary violations:\n${violations.map((v) => `  ${v}`).join('\n')}`);
  process.exit(1);
}
console.log('Import boundaries: ok');
