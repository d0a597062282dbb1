#!/usr/bin/env node
// Import boundaries between the workspaces and between web features, checked on every lint:
// - contract/ holds zod schemas only: it imports zod and itself, nothing from Node, the
//   database, React or the other workspaces;
// - server/ and web/ never import each other;
// - the server's modules keep the rules of scripts/server-boundaries.mjs: lib/, db/,
//   plugins/, jobs/ and events/ import no module (modules register their jobs, schedules and
//   subscribers with the engine, never the other way round), a module uses another only
//   through its *.service.ts files, and no two modules import each other, however far round;
// - web imports run one way, app → features → lib/ui → contract: a feature never imports
//   web/src/app (the app composes features, not the other way round), and lib/ and ui/
//   import neither features nor the app;
// - a web feature uses another feature only through that feature's api/ folder (its
//   fetchers and query hooks), never its components, pages or styles. The app shell
//   (web/src/app) is the one place that composes features, so it may import their pages;
// - no two web features import each other, however far round (counted over the code that
//   runs, as for server modules): what both need goes to lib/ or ui/, or the app composes them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkServerImport, findModuleCycles } from './server-boundaries.mjs';

const root = path.resolve(import.meta.dirname, '..');
// import … from '…', export … from '…', import('…') and a bare import '…' (a stylesheet).
const importPattern =
  /(?:^|\s)(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\s)import\s+['"]([^'"]+)['"]/g;

const serverSrc = path.join(root, 'server/src');
// Which module imports which (running code only), filled in by the server rule; its
// cycles are reported after all files are read.
const serverModuleGraph = new Map();
// Which web feature imports which, the same way, for the web's cycle check.
const webFeatureGraph = new Map();

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
    folder: 'server/src',
    check: (specifier, file) => checkServerImport(serverSrc, file, specifier, serverModuleGraph),
  },
  {
    folder: 'web/src',
    check: (specifier, file) => {
      if (/^@stagepass\/server/.test(specifier)) return 'web must not import the server';
      if (!specifier.startsWith('.')) return null;
      const target = path.resolve(path.dirname(file), specifier);
      const layer = findWebLayer(file);
      const targetLayer = findWebLayer(target);
      if (layer === 'features' && targetLayer === 'app') {
        return 'web features must not import web/src/app (the app composes features; move what they share to lib/ or ui/)';
      }
      if ((layer === 'lib' || layer === 'ui') && (targetLayer === 'features' || targetLayer === 'app')) {
        return `web ${layer}/ must not import web/src/${targetLayer} (imports run app → features → lib/ui)`;
      }
      const ownFeature = findFeature(file);
      const targetFeature = findFeature(target);
      if (!ownFeature || !targetFeature || targetFeature === ownFeature) return null;
      if (!/\.test\.tsx?$/.test(file)) recordEdge(webFeatureGraph, ownFeature, targetFeature, file);
      const insideTarget = path.relative(path.join(root, 'web/src/features', targetFeature), target);
      return insideTarget.startsWith(`api${path.sep}`)
        ? null
        : `web feature code may use feature "${targetFeature}" only through its api/ folder`;
    },
  },
];

/** 'app', 'features', 'lib' or 'ui' for a path under web/src; null elsewhere (main.tsx, styles/). */
function findWebLayer(file) {
  const relative = path.relative(path.join(root, 'web/src'), file);
  const [layer] = relative.split(path.sep);
  return ['app', 'features', 'lib', 'ui'].includes(layer) && relative !== layer ? layer : null;
}

/** The first file that makes `from` import `to`, kept for the cycle's message. */
function recordEdge(graph, from, to, file) {
  if (!graph.has(from)) graph.set(from, new Map());
  if (!graph.get(from).has(to)) graph.get(from).set(to, file);
}

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
      const specifier = match[1] ?? match[2] ?? match[3];
      const problem = rule.check(specifier, file);
      if (problem) violations.push(`${path.relative(root, file)}: '${specifier}': ${problem}`);
    }
  }
}

violations.push(...findModuleCycles(serverModuleGraph, root));
// The same search over web features; its words name them as such.
violations.push(
  ...findModuleCycles(webFeatureGraph, root).map((cycle) =>
    cycle.replace(/^module cycle/, 'web feature cycle'),
  ),
);

if (violations.length > 0) {
  console.error(`Import boundary violations:\n${violations.map((v) => `  ${v}`).join('\n')}`);
  process.exit(1);
}
console.log('Import boundaries: ok');
