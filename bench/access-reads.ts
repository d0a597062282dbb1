/**
 * What access checks cost the post reads at scale on PostgreSQL: the platform of bench:feed
 * (1,000,000 posts by 10,000 creators, posts-at-scale.ts), read with no passes at all (the
 * baseline) and with 100,000 passes (half of them expired) and 31,000 unlocks. Two fans read
 * it, both following the same 320 creators (a third of them for pass holders, a third
 * pay-to-unlock): one holds passes (active to 50 of those creators, expired to 50) and
 * unlocked 1,000 of their posts; the other holds none. Requests go through the real Fastify
 * app (app.inject) one at a time, and it prints p50/p95 of each read, baseline and with
 * passes, and the overhead in %.
 *
 * The passes and unlocks are added and removed again between rounds (BENCH_ROUNDS, 5), and
 * each figure is a percentile of all its rounds' requests together: the machine is shared,
 * and taking turns lets load that comes and goes weigh on both sides alike. The fan without
 * passes is the control: what its reads change by is the noise of the run.
 *
 *   npm run bench:access-reads     (BENCH_REQUESTS=100, BENCH_ROUNDS=5; the server of
 *                                   DATABASE_URL, or postgres://postgres@127.0.0.1:5432/postgres)
 *
 * It creates and drops its own database on that server (stagepass_bench_access); with
 * BENCH_KEEP=1 the database stays (with the passes) for EXPLAIN sessions.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type App, buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import type { Database } from '../server/src/db/client.ts';
import { items, posts } from '../server/src/db/schema/index.ts';
import { createSession } from '../server/src/modules/auth/sessions.service.ts';
import { fullAccessCondition } from '../server/src/modules/items/item-access.service.ts';
import { encodePostCursor } from '../server/src/modules/posts/post-cursor.ts';
import { withBenchDatabase } from './bench-database.ts';
import { describeLoad, formatTable, percentile } from './bench-report.ts';
import { measureRequests, type RequestTimings } from './measure-requests.ts';
import { CREATORS, FANS, n, postId, rowsOf, seedPostsAtScale, userId } from './posts-at-scale.ts';

const requests = Number(process.env.BENCH_REQUESTS ?? 100);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const BENCH_DATABASE = 'stagepass_bench_access';
/** Fans 2 and 3 (users 10,002 and 10,003): the one with passes, the one without. */
const HOLDER = CREATORS + 2;
const NON_HOLDER = CREATORS + 3;
const PASSES_PER_FAN = 10;
const UNLOCKS_PER_FAN = 3;

/**
 * Both viewers follow every creator c with c % 100 in (0, 1, 3), on top of their 20:
 * c % 100 = 1 post for pass holders, 3 pay-to-unlock, 0 for everyone (posts-at-scale.ts).
 */
async function seedViewers(database: Database): Promise<void> {
  await database.db.execute(sql`
    insert into follows (follower_id, followed_id)
    select ${userId('viewer')}, ${userId('c')}
    from unnest(array[${n(HOLDER)}, ${n(NON_HOLDER)}]) as viewer, generate_series(1, ${n(CREATORS)}) as c
    where c % 100 in (0, 1, 3)
    on conflict do nothing`);
}

/**
 * 100,000 passes and 31,000 unlocks. The holder: active passes to the pass creators it
 * follows with c % 200 = 1, expired ones to those with c % 200 = 101, and 10 unlocked posts
 * of each pay-to-unlock creator it follows. Every other fan (4..10,000): 10 passes to spread
 * creators, every other one expired, and 3 unlocked pay-to-unlock posts.
 */
async function addPassesAndUnlocks(database: Database): Promise<void> {
  const { db } = database;
  await db.execute(sql`
    insert into passes (fan_id, creator_id, period, expires_at)
    select ${userId(String(HOLDER))}, ${userId('c')}, 'monthly',
           case when c % 200 = 1 then now() + interval '20 days' else now() - interval '3 days' end
    from generate_series(1, ${n(CREATORS)}) as c where c % 100 = 1`);
  await db.execute(sql`
    insert into passes (fan_id, creator_id, period, expires_at)
    select ${userId(`${CREATORS} + fan`)}, ${userId(`1 + (fan * 53 + k * 997) % ${CREATORS}`)},
           (array['daily', 'weekly', 'monthly'])[1 + (fan + k) % 3],
           case when (fan + k) % 2 = 0 then now() + (1 + (fan + k) % 29) * interval '1 day'
                else now() - (1 + (fan + k) % 90) * interval '1 day' end
    from generate_series(4, ${n(FANS)}) as fan, generate_series(0, ${n(PASSES_PER_FAN - 1)}) as k`);
  await db.execute(sql`
    insert into unlocks (fan_id, item_id, purchase_id)
    select ${userId(String(HOLDER))}, ${postId(`c + i * ${CREATORS}`)}, gen_random_uuid()
    from generate_series(1, ${n(CREATORS)}) as c, generate_series(0, 9) as i where c % 100 = 3`);
  // Creator 3 + 20·j posts pay-to-unlock; its posts are 3 + 20·j + i·10,000.
  await db.execute(sql`
    insert into unlocks (fan_id, item_id, purchase_id)
    select ${userId(`${CREATORS} + fan`)},
           ${postId(`3 + 20 * ((fan * 7 + k * 131) % ${CREATORS / 20}) + ((fan + k) % 100) * ${CREATORS}`)},
           gen_random_uuid()
    from generate_series(4, ${n(FANS)}) as fan, generate_series(0, ${n(UNLOCKS_PER_FAN - 1)}) as k`);
  await db.execute(sql`vacuum analyze passes, unlocks`);
}

async function removePassesAndUnlocks(database: Database): Promise<void> {
  await database.db.execute(sql`truncate passes, unlocks`);
  await database.db.execute(sql`vacuum analyze passes, unlocks`);
}

type Probe = { label: string; url: string };

async function probesFor(app: App): Promise<Probe[]> {
  // The holder's feed at its 1,000th post: page 51 of 20.
  const [deep] = rowsOf<{ at: string; id: string }>(
    await app.db.execute(sql`
      select to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, p.id
      from posts p join follows f on f.followed_id = p.author_id and f.follower_id = ${userId(String(HOLDER))}
      order by p.created_at desc, p.id desc offset 999 limit 1`),
  );
  // Post 1 is creator 1's: for pass holders, and the holder's pass to creator 1 is active.
  const [paidPost] = rowsOf<{ id: string }>(await app.db.execute(sql`select ${postId('1')} as id`));
  return [
    { label: 'public feed  GET /api/post/fetch-posts/20', url: '/api/post/fetch-posts/20' },
    { label: 'following feed  GET /api/feed (page 1)', url: '/api/feed' },
    {
      label: 'following feed  GET /api/feed (page 51)',
      url: `/api/feed?cursor=${encodePostCursor({ at: deep!.at, id: deep!.id })}`,
    },
    { label: 'profile, pass creator  GET /api/post/fetch-all/user1', url: '/api/post/fetch-all/user1' },
    { label: 'profile, unlock creator  GET /api/post/fetch-all/user3', url: '/api/post/fetch-all/user3' },
    {
      label: 'one post (for pass holders)  GET /api/post/fetch-post/:id',
      url: `/api/post/fetch-post/${paidPost!.id}`,
    },
  ];
}

type Viewer = { label: string; cookie: string };
type Phase = 'baseline' | 'passes';

/**
 * The access condition as the post reads run it (on each post's item), on a pass creator's
 * newest page, explained.
 */
async function explainAccess(app: App, viewerId: string): Promise<string> {
  const result = await app.db.execute(sql`explain (analyze, buffers, costs off)
    select ${posts.id}, ${fullAccessCondition(viewerId)} from ${posts}
    join ${items} on ${items.id} = ${posts.id}
    where ${posts.authorId} = ${userId('1')}
    order by ${posts.createdAt} desc, ${posts.id} desc limit 21`);
  return rowsOf<{ 'QUERY PLAN': string }>(result)
    .map((row) => `    ${row['QUERY PLAN']}`)
    .join('\n');
}

async function run(database: Database): Promise<void> {
  console.log(`\nPostgreSQL: seeded (${await seedPostsAtScale(database)})`);
  await seedViewers(database);
  let started = performance.now();
  await addPassesAndUnlocks(database);
  const [counts] = rowsOf<{ passes: number; active: number; unlocks: number }>(
    await database.db.execute(sql`select (select count(*)::int from passes) as passes,
      (select count(*)::int from passes where expires_at > now()) as active,
      (select count(*)::int from unlocks) as unlocks`),
  );
  console.log(
    `  ${counts!.passes.toLocaleString('en')} passes (${counts!.active.toLocaleString('en')} active) and ` +
      `${counts!.unlocks.toLocaleString('en')} unlocks seed in ${((performance.now() - started) / 1000).toFixed(1)} s; ${describeLoad()}\n`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-bench-access-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database });
  try {
    const viewers: Viewer[] = [];
    for (const [label, number] of [
      ['fan with passes', HOLDER],
      ['fan without', NON_HOLDER],
    ] as const) {
      const [viewer] = rowsOf<{ id: string }>(
        await app.db.execute(sql`select ${userId(String(number))} as id`),
      );
      const { token } = await createSession(app.db, { userId: viewer!.id, signedInWith: 'password' });
      viewers.push({ label, cookie: `token=${token}` });
    }
    const probes = await probesFor(app);
    const timings = new Map<string, RequestTimings[]>();
    const key = (probe: Probe, viewer: Viewer, phase: Phase) => `${probe.url} ${viewer.label} ${phase}`;
    started = performance.now();
    let hasPasses = true;
    for (let round = 0; round < rounds; round += 1) {
      for (const phase of round % 2 === 0
        ? (['passes', 'baseline'] as const)
        : (['baseline', 'passes'] as const)) {
        if (phase === 'baseline' && hasPasses) await removePassesAndUnlocks(database);
        if (phase === 'passes' && !hasPasses) await addPassesAndUnlocks(database);
        hasPasses = phase === 'passes';
        for (const probe of probes) {
          for (const viewer of viewers) {
            const measured = await measureRequests(app, { url: probe.url, cookie: viewer.cookie, requests });
            timings.set(key(probe, viewer, phase), [
              ...(timings.get(key(probe, viewer, phase)) ?? []),
              measured,
            ]);
          }
        }
      }
      console.log(`  round ${round + 1} of ${rounds} done; ${describeLoad()}`);
    }
    const pooled = (runs: RequestTimings[]) => runs.flatMap((run) => run.timings).sort((a, b) => a - b);
    const overhead = (withPasses: number, baseline: number) =>
      `${withPasses >= baseline ? '+' : ''}${(((withPasses - baseline) / baseline) * 100).toFixed(1)} %`;
    const rows = [
      ['read', 'viewer', 'p50 base', 'p50 passes', 'p50 over', 'p95 base', 'p95 passes', 'p95 over'],
    ];
    const totals = new Map<Viewer, { base: number; passes: number }>(
      viewers.map((viewer) => [viewer, { base: 0, passes: 0 }]),
    );
    for (const probe of probes) {
      for (const viewer of viewers) {
        const baseline = pooled(timings.get(key(probe, viewer, 'baseline'))!);
        const withPasses = pooled(timings.get(key(probe, viewer, 'passes'))!);
        const [p50Base, p50Passes, p95Base, p95Passes] = [
          percentile(baseline, 0.5),
          percentile(withPasses, 0.5),
          percentile(baseline, 0.95),
          percentile(withPasses, 0.95),
        ];
        totals.get(viewer)!.base += p50Base;
        totals.get(viewer)!.passes += p50Passes;
        rows.push([
          probe.label,
          viewer.label,
          `${p50Base.toFixed(2)} ms`,
          `${p50Passes.toFixed(2)} ms`,
          overhead(p50Passes, p50Base),
          `${p95Base.toFixed(2)} ms`,
          `${p95Passes.toFixed(2)} ms`,
          overhead(p95Passes, p95Base),
        ]);
      }
    }
    for (const [viewer, total] of totals) {
      rows.push([
        'all six reads, sum of p50s',
        viewer.label,
        `${total.base.toFixed(2)} ms`,
        `${total.passes.toFixed(2)} ms`,
        overhead(total.passes, total.base),
        '',
        '',
        '',
      ]);
    }
    console.log(
      `\n  Percentiles of ${rounds} rounds of ${requests} requests each, together (base: 0 passes, 0 unlocks), measured in ` +
        `${((performance.now() - started) / 1000).toFixed(0)} s; ${describeLoad()}\n${formatTable(rows)}`,
    );
    if (!hasPasses) await addPassesAndUnlocks(database);
    const [holder] = rowsOf<{ id: string }>(
      await app.db.execute(sql`select ${userId(String(HOLDER))} as id`),
    );
    console.log(
      `\n  The access condition on creator 1's newest 21 posts, as the fan with passes:\n${await explainAccess(app, holder!.id)}`,
    );
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `Access checks on the post reads: ${(CREATORS * 100).toLocaleString('en')} posts, ${FANS.toLocaleString('en')} fans; ` +
    `${requests} requests a read, ${rounds} rounds; ${os.cpus().length} cores, Node ${process.version}; ${describeLoad()}`,
);
await withBenchDatabase(BENCH_DATABASE, run);
