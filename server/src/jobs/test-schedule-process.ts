// A process of its own for schedules.test.ts: opens the PostgreSQL database of
// DATABASE_URL, runs one job engine whose only schedule, 'tick', appends
// "<pid> <claim time>" to RUNS_FILE every TICK_INTERVAL_MS, from START_AT for
// DURATION_MS, then stops and exits. Several of these on one database are several servers.
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { openPostgres } from '../db/client.ts';
import { createJobEngine } from './job-engine.ts';
import { createServerInstance } from './server-instances.ts';
import { readClaimTime, silentLogger } from './test-jobs.ts';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const database = await openPostgres(env('DATABASE_URL'));
const engine = createJobEngine({
  db: database.db,
  log: silentLogger(),
  owner: createServerInstance().id,
  concurrency: { fast: 1, heavy: 0 },
  pollIntervalMs: 20,
});
engine.every('tick', Number(env('TICK_INTERVAL_MS')), async () => {
  fs.appendFileSync(env('RUNS_FILE'), `${process.pid} ${await readClaimTime(database.db, 'tick')}\n`);
});
await sleep(Math.max(0, Number(env('START_AT')) - Date.now()));
await engine.start();
await sleep(Number(env('DURATION_MS')));
await engine.stop();
await database.close();
