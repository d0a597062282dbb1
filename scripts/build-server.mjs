#!/usr/bin/env node
// Compiles the server to one ES module, server/dist/main.js, so `npm start` runs plain
// JavaScript: compiling TypeScript at run time (tsx) costs about 140 MB of resident memory
// and a slower start. npm packages stay outside the bundle and load from node_modules;
// only our own workspaces (the server and @stagepass/contract, which ships TypeScript)
// go in. Skipped when the bundle is newer than every source.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { isBuildUpToDate, repoRoot as root } from './build-freshness.mjs';

const outfile = path.join(root, 'server/dist/main.js');
const sources = ['server/src', 'contract/src', 'server/package.json', 'contract/package.json'];

if (isBuildUpToDate(outfile, sources) && !process.argv.includes('--force')) {
  console.log('Server build is up to date.');
} else {
  /** Bare imports of npm packages stay imports; @stagepass/* is bundled. */
  const keepPackagesExternal = {
    name: 'keep-packages-external',
    setup(builder) {
      builder.onResolve({ filter: /^[^./]/ }, (args) =>
        args.path.startsWith('@stagepass/') ? undefined : { path: args.path, external: true },
      );
    },
  };
  const { outputFiles } = await build({
    entryPoints: [path.join(root, 'server/src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    plugins: [keepPackagesExternal],
    logLevel: 'warning',
    write: false,
  });
  // Written beside and renamed into place: test files that start servers in parallel may
  // build at once, and none of them may load a half-written bundle. The map goes first so
  // the bundle's newer time stamp marks a finished build.
  mkdirSync(path.dirname(outfile), { recursive: true });
  for (const file of outputFiles.sort((a, b) =>
    a.path.endsWith('.map') ? -1 : b.path.endsWith('.map') ? 1 : 0,
  )) {
    const partial = `${file.path}.${process.pid}.partial`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
  console.log('Built the server into server/dist/main.js.');
}
