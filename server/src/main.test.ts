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

  it('names the address to open, and takes a sign-in from a page at 127.0.0.1 as from PUBLIC_URL', async () => {
    const server = await spawnServer({ ...environment, LOG_LEVEL: 'info' });
    try {
      await server.waitUntilHealthy();
      // Node's listening line names 127.0.0.1; PUBLIC_URL (localhost) is printed with it.
      expect(server.output()).toContain(
        `listening on http://127.0.0.1:${server.port}; open http://localhost:${server.port}`,
      );
      const loopback = `http://127.0.0.1:${server.port}`;
      const post = (path: string, body: unknown) =>
        fetch(`${loopback}${path}`, {
          method: 'POST',
          // What a browser on a page at 127.0.0.1 sends.
          headers: { 'content-type': 'application/json', origin: loopback, 'sec-fetch-site': 'same-origin' },
          body: JSON.stringify(body),
        });
      const credentials = { email: `loopback${Date.now()}@example.com`, password: 'kalulu river sunrise' };
      const signUp = await post('/api/auth/signup', {
        country: 'ZM',
        ...credentials,
        name: 'Loopback Fan',
        username: `loopback${Date.now().toString(36)}`,
      });
      expect(signUp.status, await signUp.clone().text()).toBeLessThan(300);
      const signIn = await post('/api/auth/signin', {
        identifier: credentials.email,
        password: credentials.password,
      });
      expect(signIn.status, await signIn.clone().text()).toBe(200);
      const cookie = signIn.headers
        .getSetCookie()
        .map((header) => header.split(';')[0])
        .join('; ');
      const session = await fetch(`${loopback}/api/auth/session`, { headers: { cookie } });
      expect(((await session.json()) as { email: string }).email).toBe(credentials.email);
    } finally {
      await server.stop();
    }
  }, 120_000);

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
