/**
 * Latency of the home feed and the post lists at scale on PostgreSQL: 10,000 creators with
 * 100 posts each (1,000,000 posts; a quarter of them photos with a media asset, one in ten
 * for subscribers, one in twenty pay-to-unlock), 10,000 fans following 20 creators each,
 * and a viewer following 200 creators whose posts carry 10 reactions each. Requests go
 * through the real Fastify app (app.inject: routing, validation, the session lookup,
 * serialisation) one at a time, and it prints p50/p99 of each, then the plan of the feed
 * query (EXPLAIN ANALYZE).
 *
 *   npm run bench:feed     (BENCH_REQUESTS=200; the server of DATABASE_URL, or
 *                           postgres://postgres@127.0.0.1:5432/postgres)
 *
 * It creates and drops its own database on that server (stagepass_bench_feed); with
 * BENCH_KEEP=1 the database stays after the run, for EXPLAIN sessions (the next run drops it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { POST_PAGE_SIZE } from '@stagepass/contract/posts';
import { sql } from 'drizzle-orm';
import { type App, buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { type Database, openPostgres } from '../server/src/db/client.ts';
import { createSession } from '../server/src/modules/auth/sessions.service.ts';
import { encodePostCursor, type PostCursor } from '../server/src/modules/posts/post-cursor.ts';
import { selectFeedCandidates } from '../server/src/modules/posts/post-lists.service.ts';
import { onServer, benchServerUrl as serverUrl } from './bench-database.ts';

const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const BENCH_DATABASE = 'stagepass_bench_feed';
const CREATORS = 10_000;
const FANS = 10_000;
const POSTS_PER_CREATOR = 100;
const FOLLOWS_PER_FAN = 20;
/** The viewer (fan number 1) follows every 50th creator: 200 of them. */
const VIEWER_FOLLOWS_EVERY = 50;
const REACTIONS_PER_FOLLOWED_POST = 10;

// Ids are functions of a number, so rows can name each other without joins.
const userId = (n: string) => sql.raw(`substr(md5('u' || (${n})), 1, 20)`);
const postId = (n: string) => sql.raw(`substr(md5('p' || (${n})), 1, 16)`);
const mediaId = (n: string) => sql.raw(`substr(md5('m' || (${n})), 1, 20)`);

/** A number written into the SQL text: generate_series with three parameters cannot pick its type. */
const n = (value: number) => sql.raw(String(value));

type Rows<Row> = { rows: Row[] };
const rowsOf = <Row>(result: unknown) => (result as Rows<Row>).rows;

async function seed(database: Database): Promise<string> {
  const { db } = database;
  const steps: string[] = [];
  let started = performance.now();
  const lap = (label: string) => {
    steps.push(`${label} ${((performance.now() - started) / 1000).toFixed(1)} s`);
    started = performance.now();
  };
  // Users 1..10,000 are creators, 10,001..20,000 fans; the viewer is user 10,001.
  await db.execute(sql`
    insert into users (id, email, username, name, country_code, role, category, created_at, email_verified_at)
    select ${userId('g')}, 'user' || g || '@bench.example.com', '@user' || g, 'User ' || g, 'ZM',
           case when g <= ${CREATORS} then 'creator' else 'fan' end,
           case when g <= ${CREATORS} then 'music artist' end,
           now() - interval '2 years', now()
    from generate_series(1, ${CREATORS + FANS}) as g`);
  lap('users');
  // Post g belongs to creator 1 + (g - 1) % 10,000 and is at a random time in the last year.
  // Every fourth post is a photo: its asset has the same number.
  await db.execute(sql`
    insert into media_assets (public_id, owner_id, kind, purpose, status, variants, width, height, bytes)
    select ${mediaId('g')}, ${userId(`1 + (g - 1) % ${CREATORS}`)}, 'image', 'post', 'ready',
           jsonb_build_object('post', ${mediaId('g')} || '/post.webp', 'mobile', ${mediaId('g')} || '/mobile.webp',
                              'placeholder', ${mediaId('g')} || '/placeholder.webp'),
           686, 386, 120000
    from generate_series(4, ${n(CREATORS * POSTS_PER_CREATOR)}, 4) as g`);
  lap('media');
  await db.execute(sql`
    insert into posts (id, author_id, type, description, visibility, price, media_public_id, created_at, updated_at)
    select ${postId('g')}, ${userId(`1 + (g - 1) % ${CREATORS}`)},
           case when g % 4 = 0 then 'photo' else 'text' end,
           'Post number ' || g || ' from the bench, with a line of text like a real one.',
           case when g % 10 = 1 then 'subscribers' when g % 20 = 3 then 'pay-to-unlock' else 'everyone' end,
           case when g % 20 = 3 then 500 end,
           case when g % 4 = 0 then ${mediaId('g')} end,
           now() - random() * interval '365 days', now()
    from generate_series(1, ${CREATORS * POSTS_PER_CREATOR}) as g`);
  lap('posts');
  // Fans follow 20 distinct creators each ((fan·37 + k·499) mod 10,000 differ for k < 20);
  // the viewer follows every 50th creator instead.
  await db.execute(sql`
    insert into follows (follower_id, followed_id)
    select ${userId(`${CREATORS} + fan`)}, ${userId(`1 + (fan * 37 + k * 499) % ${CREATORS}`)}
    from generate_series(2, ${FANS}) as fan, generate_series(0, ${FOLLOWS_PER_FAN - 1}) as k`);
  await db.execute(sql`
    insert into follows (follower_id, followed_id)
    select ${userId(`${CREATORS} + 1`)}, ${userId('c')}
    from generate_series(${n(VIEWER_FOLLOWS_EVERY)}, ${n(CREATORS)}, ${n(VIEWER_FOLLOWS_EVERY)}) as c`);
  lap('follows');
  // The followed creators' posts (creator c's are c + i·10,000) carry 10 reactions each, from distinct fans.
  await db.execute(sql`
    insert into post_reactions (post_id, owner_id, kind, created_at)
    select ${postId('g')}, ${userId(`${CREATORS} + 1 + (g * 31 + k * 997) % ${FANS}`)},
           (array['love', 'haha', 'wow', 'angry', 'sad'])[1 + (g + k) % 5],
           now() - random() * interval '30 days'
    from generate_series(${n(VIEWER_FOLLOWS_EVERY)}, ${n(CREATORS)}, ${n(VIEWER_FOLLOWS_EVERY)}) as c,
         generate_series(0, ${POSTS_PER_CREATOR - 1}) as i,
         lateral (select c + i * ${CREATORS} as g) as post,
         generate_series(0, ${REACTIONS_PER_FOLLOWED_POST - 1}) as k`);
  lap('reactions');
  // Index-only scans of posts_author_newest need the visibility map: what autovacuum keeps.
  await db.execute(sql`vacuum analyze`);
  lap('vacuum analyze');
  // Writes the seed's dirty pages now, not while the first probe is timed (needs superuser
  // or pg_checkpoint; skipped without).
  await db.execute(sql`checkpoint`).catch(() => {});
  lap('checkpoint');
  return steps.join(', ');
}

type Probe = { label: string; url: string };

async function probesFor(app: App, viewerId: string): Promise<{ probes: Probe[]; deepCursor: PostCursor }> {
  // The cursor of the feed's 2,000th post: page 101 of 20.
  const [deep] = rowsOf<{ at: string; id: string }>(
    await app.db.execute(sql`
      select to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, p.id
      from posts p join follows f on f.followed_id = p.author_id and f.follower_id = ${viewerId}
      order by p.created_at desc, p.id desc offset 1999 limit 1`),
  );
  const deepCursor = { at: deep!.at, id: deep!.id };
  const feedCursor = encodePostCursor(deepCursor);
  const [post] = rowsOf<{ id: string }>(
    await app.db.execute(sql`select id from posts where type = 'photo' and visibility = 'everyone' limit 1`),
  );
  const probes = [
    { label: 'GET /api/feed (page 1)', url: '/api/feed' },
    { label: 'GET /api/feed (page 101, post 2,000)', url: `/api/feed?cursor=${feedCursor}` },
    { label: 'GET /api/post/fetch-all/user50 (page 1)', url: '/api/post/fetch-all/user50' },
    { label: 'GET /api/post/fetch-post/:id', url: `/api/post/fetch-post/${post!.id}` },
    { label: 'GET /api/post/fetch-posts/20 (newest public)', url: '/api/post/fetch-posts/20' },
  ];
  return { probes, deepCursor };
}

/** Each probe gets `requests` timed requests, or what fits in PROBE_BUDGET_MS when it is slow. */
const PROBE_BUDGET_MS = 30_000;

async function measure(
  app: App,
  cookie: string,
  probe: Probe,
): Promise<{ p50: number; p99: number; count: number }> {
  const once = async () => {
    const started = performance.now();
    const response = await app.inject({ url: probe.url, headers: { cookie } });
    const elapsed = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`${probe.url}: ${response.statusCode} ${response.body}`);
    return elapsed;
  };
  const budgetEnds = performance.now() + PROBE_BUDGET_MS;
  for (let index = 0; index < 20 && performance.now() < budgetEnds; index += 1) await once(); // warm-up
  const timings: number[] = [await once()];
  while (timings.length < requests && performance.now() < budgetEnds) timings.push(await once());
  timings.sort((a, b) => a - b);
  const at = (share: number) => timings[Math.min(timings.length - 1, Math.ceil(share * timings.length) - 1)]!;
  return { p50: at(0.5), p99: at(0.99), count: timings.length };
}

/** The feed's candidate query as listFeed runs it, explained. */
async function explainFeed(app: App, viewerId: string, cursor: PostCursor | null): Promise<string> {
  const result = await app.db.execute(
    sql`explain (analyze, buffers, costs off) ${selectFeedCandidates(viewerId, cursor, POST_PAGE_SIZE + 1)}`,
  );
  return rowsOf<{ 'QUERY PLAN': string }>(result)
    .map((row) => `    ${row['QUERY PLAN']}`)
    .join('\n');
}

async function run(database: Database): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-bench-feed-'));
  try {
    await database.migrate();
    console.log(`\nPostgreSQL: seeded (${await seed(database)})`);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database });
    try {
      const [viewer] = rowsOf<{ id: string }>(
        await app.db.execute(sql`select ${userId(`${CREATORS} + 1`)} as id`),
      );
      const { token } = await createSession(app.db, { userId: viewer!.id, signedInWith: 'password' });
      const cookie = `token=${token}`;
      const { probes, deepCursor } = await probesFor(app, viewer!.id);
      for (const probe of probes) {
        const { p50, p99, count } = await measure(app, cookie, probe);
        console.log(
          `  ${probe.label.padEnd(46)} p50 ${p50.toFixed(2).padStart(7)} ms   p99 ${p99.toFixed(2).padStart(7)} ms` +
            (count < requests ? `   (${count} requests: over the time budget)` : ''),
        );
      }
      console.log(`\n  The feed's candidate query, page 1:\n${await explainFeed(app, viewer!.id, null)}`);
      console.log(
        `\n  The feed's candidate query, page 101:\n${await explainFeed(app, viewer!.id, deepCursor)}`,
      );
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `${(CREATORS * POSTS_PER_CREATOR).toLocaleString('en')} posts by ${CREATORS.toLocaleString('en')} creators, ` +
    `a viewer following ${CREATORS / VIEWER_FOLLOWS_EVERY} of them; ${requests} requests each through app.inject; ` +
    `${os.cpus().length} cores, Node ${process.version}`,
);

await onServer(`drop database if exists ${BENCH_DATABASE} with (force)`);
await onServer(`create database ${BENCH_DATABASE}`);
try {
  const url = new URL(serverUrl);
  url.pathname = `/${BENCH_DATABASE}`;
  await run(await openPostgres(url.toString()));
} finally {
  if (process.env.BENCH_KEEP !== '1')
    await onServer(`drop database if exists ${BENCH_DATABASE} with (force)`);
}
