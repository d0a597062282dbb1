import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openPostgres } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema/index.ts';
import { createTestDatabase } from '../test/test-database.ts';

// The machine's Redis (every development and CI machine runs one); keys of a run are its own,
// as they are hashed with a secret made for the run.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Two server processes' worth of app, on the given databases, with the given settings. */
function setupTwoApps(options: { env?: Record<string, string>; separateDatabases?: boolean }) {
  const apps: App[] = [];
  const disposers: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    const env = {
      NODE_ENV: 'test',
      JOB_CONCURRENCY: '0',
      APP_SECRET: randomBytes(24).toString('hex'),
      ...options.env,
    };
    const first = await createTestDatabase();
    disposers.push(first.dispose);
    const databases: Database[] = [first.database];
    if (options.separateDatabases) {
      const second = await createTestDatabase();
      disposers.push(second.dispose);
      databases.push(second.database);
    } else if (first.url) {
      // Another process has its own connections to the same PostgreSQL database.
      const second = await openPostgres(first.url);
      disposers.unshift(() => second.close());
      databases.push(second);
    } else {
      databases.push(first.database);
    }
    for (const database of databases) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-test-'));
      const app = await buildApp({ config: loadConfig({ ...env, DATA_DIR: dataDir }), database });
      apps.push(app);
      disposers.unshift(async () => {
        await app.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      });
    }
  });
  afterAll(async () => {
    for (const dispose of disposers) await dispose();
  });
  return apps;
}

let addresses = 0;
const forgotPassword = (
  app: App,
  email: string,
  remoteAddress = `10.7.${++addresses >> 8}.${addresses & 255}`,
) => app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress });

describe('per-account limits in the database', () => {
  const apps = setupTwoApps({});

  it('are shared by two server processes on one database', async () => {
    const [first, second] = apps as [App, App];
    const email = `shared-${randomBytes(4).toString('hex')}@example.com`;
    expect((await forgotPassword(first, email)).statusCode).toBe(200);
    expect((await forgotPassword(second, email)).statusCode).toBe(200);
    expect((await forgotPassword(first, email)).statusCode).toBe(200);
    expect((await forgotPassword(second, email)).statusCode).toBe(429);
    expect((await forgotPassword(first, email)).statusCode).toBe(429);
  });

  it('keep no readable key, and lose their rows once the window has ended', async () => {
    const [first] = apps as [App];
    const { attemptCounter, db } = first;
    await attemptCounter.count('test-prune', 'ended@example.com', 1);
    await attemptCounter.count('test-prune', 'running@example.com', 60_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await attemptCounter.prune();
    const rows = await db.select().from(rateLimitCounters).where(eq(rateLimitCounters.limiter, 'test-prune'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ count: 1, keyHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(JSON.stringify(rows)).not.toContain('running@');
  });

  it('start a new window once the last one has ended', async () => {
    const [first] = apps as [App];
    const { attemptCounter } = first;
    expect((await attemptCounter.count('test-window', 'someone', 1)).count).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await attemptCounter.count('test-window', 'someone', 60_000)).count).toBe(1);
    expect((await attemptCounter.count('test-window', 'someone', 60_000)).count).toBe(2);
  });

  it('count parallel attempts exactly', async () => {
    const [first] = apps as [App];
    const { attemptCounter } = first;
    const counts = await Promise.all(
      Array.from({ length: 40 }, () => attemptCounter.count('test-parallel', 'someone', 60_000)),
    );
    expect(counts.map((result) => result.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    );
  });
});

describe('per-account and per-address limits in Redis (REDIS_URL)', () => {
  // Two processes on two databases: what they share is Redis.
  const apps = setupTwoApps({ env: { REDIS_URL }, separateDatabases: true });

  it('are shared by two server processes, per account', async () => {
    const [first, second] = apps as [App, App];
    const email = `shared-${randomBytes(4).toString('hex')}@example.com`;
    const statuses = [];
    for (const app of [first, second, first, second])
      statuses.push((await forgotPassword(app!, email)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('are shared by two server processes, per address', async () => {
    const [first, second] = apps as [App, App];
    const address = `10.8.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const app = attempt % 2 ? second : first;
      statuses.push((await forgotPassword(app, `a${attempt}-${address}@example.com`, address)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('keep a counter through 5,100 other keys, and let it end with its window', async () => {
    const [first] = apps as [App];
    const { attemptCounter } = first;
    const key = `locked-${randomBytes(4).toString('hex')}`;
    for (let attempt = 0; attempt < 11; attempt++) await attemptCounter.count('test-junk', key, 60_000);
    await Promise.all(
      Array.from({ length: 5100 }, (_, index) =>
        attemptCounter.count('test-junk', `${key}-junk-${index}`, 60_000),
      ),
    );
    const after = await attemptCounter.count('test-junk', key, 60_000);
    expect(after.count).toBe(12);
    expect(after.resetsInMs).toBeGreaterThan(50_000);
    expect(after.resetsInMs).toBeLessThanOrEqual(60_000);

    await attemptCounter.count('test-junk', `${key}-short`, 10);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect((await attemptCounter.count('test-junk', `${key}-short`, 10)).count).toBe(1);
  });
});
