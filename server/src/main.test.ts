import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnServer } from './test/spawn-server.ts';
import { setupSpawnedServerEnvironment } from './test/spawned-server-environment.ts';

// The real entry point as `npm start` runs it: a process that migrates, listens and stops on Ctrl-C.
const isPostgres = process.env.TEST_DATABASE === 'postgres';
// The process's start and stop, not the demo (demo-start.test.ts): no seeding to wait for.
const environment = setupSpawnedServerEnvironment('stagepass-main-', {
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  DEMO_CONTENT: 'false',
});
const dataDir = environment.DATA_DIR!;

describe('the server process', () => {
  it('migrates, serves, and stops cleanly on Ctrl-C; starting again is harmless', async () => {
    const first = await spawnServer(environment);
    expect(await first.waitUntilHealthy()).toMatchObject({
      ok: true,
      db: isPostgres ? 'postgres' : 'pglite',
    });
    expect(first.output()).toContain(`Stagepass is running at http://localhost:${first.port}`);
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    const second = await spawnServer(environment);
    expect(await second.waitUntilHealthy()).toMatchObject({ ok: true });
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  // PostgreSQL serves any number of servers; only the embedded database is single-process.
  if (!isPostgres) {
    it('refuses a second server on the same embedded database', async () => {
      const first = await spawnServer(environment);
      try {
        await first.waitUntilHealthy();
        const second = await spawnServer(environment);
        expect(await second.exited).toBe(1);
        expect(second.output()).toContain('Another Stagepass server');
        expect(await first.waitUntilHealthy()).toMatchObject({ ok: true });
      } finally {
        await first.stop();
      }
    });
  }

  it('refuses to start in production without its secrets', async () => {
    const server = await spawnServer({ NODE_ENV: 'production', DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Refusing to start in production without');
    expect(server.output()).toContain('APP_SECRET');
  });
});
