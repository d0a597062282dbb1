import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { type RunningServer, startServer } from './support/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let server: RunningServer | undefined;

/** One server for the browser tests, on the current web build. */
export async function setup(project: TestProject): Promise<void> {
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts/ensure-web-build.mjs')], { stdio: 'inherit' });
  server = await startServer();
  project.provide('baseUrl', server.baseUrl);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
