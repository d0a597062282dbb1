import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { EVIDENCE_FOLDER } from './support/failure-evidence.ts';
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
  fs.rmSync(EVIDENCE_FOLDER, { recursive: true, force: true });
  server = await startServer();
  project.provide('baseUrl', server.baseUrl);
}

/** Stops the server; what it logged (warnings and errors unless E2E_SERVER_LOG_LEVEL says more) is kept beside the failures' evidence. */
export async function teardown(): Promise<void> {
  await server?.stop();
  const logged = server?.output() ?? '';
  if (logged.trim()) {
    fs.mkdirSync(EVIDENCE_FOLDER, { recursive: true });
    fs.writeFileSync(`${EVIDENCE_FOLDER}/server.log`, logged);
  }
}
