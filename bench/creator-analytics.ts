/**
 * The creator dashboard's read (GET /api/creator/analytics?range=7|30|90) for a creator with
 * 100,000 purchases over the past year, on PostgreSQL. The seed is what a year of selling
 * leaves behind: 100,000 completed purchases (passes, unlocks and tips on 300 posts, support)
 * from 5,000 fans, the daily and per-item rollups that paying them keeps (built here from
 * those purchases, as pay-purchase.ts would have), 2,000 passes (half still active), 5,000
 * follows spread over the year, and 200 other creators with a year of rollups of their own,
 * so the read picks its creator's rows out of many. Each range is read through the real app
 * (app.inject: routing, the session, validation, the service, serialisation); it prints
 * p50/p95/p99 against the goal of 20 ms at p50.
 *
 *   npm run bench:analytics   (BENCH_REQUESTS=500 per range; BENCH_KEEP=1 keeps the database;
 *                              the server of DATABASE_URL, or postgres://postgres@127.0.0.1:5432/postgres)
 *
 * It creates and drops its own database on that server (stagepass_bench_analytics).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ANALYTICS_RANGES } from '@stagepass/contract/creator-analytics';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { type Database, readRows } from '../server/src/db/client.ts';
import { createSession } from '../server/src/modules/auth/sessions.service.ts';
import { withBenchDatabase } from './bench-database.ts';
import { createStepTimer, describeLoad, formatTable } from './bench-report.ts';
import { measureRequests } from './measure-requests.ts';

const BENCH_DATABASE = 'stagepass_bench_analytics';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const PURCHASES = 100_000;
const FANS = 5_000;
const POSTS = 300;
const PASSES = 2_000;
const OTHER_CREATORS = 200;
const GOAL_P50_MS = 20;
const CREATOR = 'benchstar0000000000';

/** A number written into the SQL text: generate_series cannot pick the type of a parameter. */
const n = (value: number) => sql.raw(String(value));

async function seed(database: Database): Promise<void> {
  const { db } = database;
  const timer = createStepTimer();
  await db.execute(sql`
    insert into users (id, email, username, name, country_code, role, category, email_verified_at, followers_count)
    values (${CREATOR}, 'star@bench.example', '@benchstar', 'Bench Star', 'ZM', 'creator', 'music artist', now(), ${FANS})`);
  await db.execute(sql`
    insert into users (id, email, username, name, country_code, role, category, email_verified_at)
    select 'benchfan' || lpad(g::text, 8, '0'), 'fan' || g || '@bench.example', '@benchfan' || g, 'Fan ' || g, 'ZM', 'fan', null, now()
    from generate_series(1, ${n(FANS)}) as g
    union all
    select 'benchother' || lpad(g::text, 8, '0'), 'other' || g || '@bench.example', '@benchother' || g, 'Other ' || g, 'ZM', 'creator', 'music artist', now()
    from generate_series(1, ${n(OTHER_CREATORS)}) as g`);
  // Each post's item first, then the post with the item's id, creator and time (posts_item).
  await db.execute(sql`
    with post as materialized (
      select g, 'benchpost' || lpad(g::text, 7, '0') as id, now() - make_interval(days => 365 - g) as at
      from generate_series(1, ${n(POSTS)}) as g
    ), item as (
      insert into items (id, kind, creator_id, visibility, price, status, created_at, published_at)
      select id, 'post', ${CREATOR},
             case when g % 2 = 0 then 'pay-to-unlock' else 'everyone' end,
             case when g % 2 = 0 then 500 end,
             'published', at, at
      from post
    )
    insert into posts (id, author_id, type, description, created_at)
    select id, ${CREATOR}, 'text', 'Studio diary ' || g || ': what went into this week''s song', at
    from post`);
  timer.lap('people and posts');

  // A year of purchases: 40% passes, 25% unlocks, 20% tips, 15% support; a 10% fee.
  await db.execute(sql`
    insert into purchases (id, fan_id, creator_id, kind, details, request_fingerprint, amount, fee, status, funding,
                           created_at, completed_at)
    select gen_random_uuid(), 'benchfan' || lpad((1 + (g * 7919) % ${n(FANS)})::text, 8, '0'), ${CREATOR}, p.kind,
           case p.kind
             when 'unlock' then jsonb_build_object('itemId', 'benchpost' || lpad((2 * (1 + abs(hashtext('u' || g)) % 150))::text, 7, '0'))
             when 'tip' then jsonb_build_object('postId', 'benchpost' || lpad((1 + abs(hashtext('t' || g)) % ${n(POSTS)})::text, 7, '0'))
             when 'pass' then jsonb_build_object('period', 'monthly')
             else '{}'::jsonb end,
           'bench', p.amount, p.amount / 10, 'completed', 'wallet', p.at, p.at
    from generate_series(1, ${n(PURCHASES)}) as g
    cross join lateral (
      select case when g % 20 < 8 then 'pass' when g % 20 < 13 then 'unlock' when g % 20 < 17 then 'tip' else 'support' end as kind,
             case when g % 20 < 8 then 2000 when g % 20 < 13 then 500 else 100 * (5 + g % 46) end as amount,
             now() - make_interval(secs => (g::bigint * 314159) % (365 * 86400)) as at
    ) as p`);
  timer.lap(`${PURCHASES.toLocaleString('en')} purchases`);

  // The rollups paying them keeps (earnings.service.ts recordEarnings), from the purchases.
  await db.execute(sql`
    insert into creator_earnings_daily (creator_id, day, source, earned, purchases, renewals)
    select creator_id, (completed_at at time zone 'UTC')::date, kind, sum(amount - fee), count(*),
           count(*) filter (where kind = 'pass' and hashtext(id::text) % 3 = 0)
    from purchases group by 1, 2, 3`);
  await db.execute(sql`
    insert into creator_item_earnings (creator_id, item_id, earned, purchases, last_earned_at)
    select creator_id, coalesce(details->>'itemId', details->>'postId'), sum(amount - fee), count(*), max(completed_at)
    from purchases where kind in ('unlock', 'tip') group by 1, 2`);
  await db.execute(sql`
    insert into creator_earnings_daily (creator_id, day, source, earned, purchases, renewals)
    select 'benchother' || lpad(c::text, 8, '0'), current_date - d, s.source, 900 * (1 + (c + d) % 7), 1 + (c + d) % 7, 0
    from generate_series(1, ${n(OTHER_CREATORS)}) as c, generate_series(0, 364) as d,
         unnest(array['pass', 'unlock', 'tip', 'support']) as s(source)
    where (c + d + length(s.source)) % 3 = 0`);
  timer.lap('rollups');

  await db.execute(sql`
    insert into passes (fan_id, creator_id, period, expires_at, created_at, updated_at)
    select 'benchfan' || lpad(g::text, 8, '0'), ${CREATOR}, 'monthly',
           now() + make_interval(days => case when g % 2 = 0 then 10 else -10 end), now(), now()
    from generate_series(1, ${n(PASSES)}) as g`);
  await db.execute(sql`
    insert into follows (follower_id, followed_id, created_at)
    select 'benchfan' || lpad(g::text, 8, '0'), ${CREATOR}, now() - make_interval(secs => (g::bigint * 271828) % (365 * 86400))
    from generate_series(1, ${n(FANS)}) as g`);
  await db.execute(sql`vacuum analyze`);
  timer.lap('passes, follows, vacuum');
  const [counts] = readRows<{ purchases: string; daily: string; items: string }>(
    await db.execute(sql`
      select (select count(*) from purchases) as purchases, (select count(*) from creator_earnings_daily) as daily,
             (select count(*) from creator_item_earnings) as items`),
  );
  console.log(
    `Seeded in ${timer.steps()}: ${Number(counts?.purchases).toLocaleString('en')} purchases, ${Number(counts?.daily).toLocaleString('en')} daily rollup rows, ${counts?.items} item rows.`,
  );
}

async function main(database: Database): Promise<void> {
  await seed(database);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-bench-analytics-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JOB_CONCURRENCY: '0',
    DEMO_CONTENT: 'false',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, database });
  try {
    const { token } = await createSession(database.db, { userId: CREATOR, signedInWith: 'password' });
    const cookie = `token=${token}`;
    const first = await app.inject({ url: '/api/creator/analytics?range=90', headers: { cookie } });
    const body = first.json();
    console.log(
      `A 90-day read: ${body.days.length} days, K${(body.totals.earned / 100).toLocaleString('en')} earned from ${body.totals.purchases.toLocaleString('en')} purchases, ${body.passes.active} active passes, top item "${body.topItems[0]?.title}".`,
    );
    const rows: string[][] = [['GET /api/creator/analytics', 'requests', 'p50 ms', 'p95 ms', 'p99 ms']];
    let worstP50 = 0;
    for (const range of ANALYTICS_RANGES) {
      const timings = await measureRequests(app, {
        url: `/api/creator/analytics?range=${range}`,
        cookie,
        requests: REQUESTS,
      });
      worstP50 = Math.max(worstP50, timings.p50);
      rows.push([
        `range=${range}`,
        String(timings.count),
        timings.p50.toFixed(2),
        timings.p95.toFixed(2),
        timings.p99.toFixed(2),
      ]);
    }
    console.log(`\nCreator analytics on PostgreSQL, one request at a time (${describeLoad()}):`);
    console.log(formatTable(rows));
    console.log(`\nGoal: p50 under ${GOAL_P50_MS} ms: ${worstP50 < GOAL_P50_MS ? 'met' : 'NOT met'}.`);
    if (worstP50 >= GOAL_P50_MS) process.exitCode = 1;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await withBenchDatabase(BENCH_DATABASE, main);
