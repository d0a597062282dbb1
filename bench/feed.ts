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
import type { Database } from '../server/src/db/client.ts';
import { createSession } from '../server/src/modules/auth/sessions.service.ts';
import { encodePostCursor, type PostCursor } from '../server/src/modules/posts/post-cursor.ts';
import { selectFeedCandidates } from '../server/src/modules/posts/post-lists.service.ts';
import { withBenchDatabase } from './bench-database.ts';
import { measureRequests } from './measure-requests.ts';
import {
  CREATORS,
  POSTS_PER_CREATOR,
  rowsOf,
  seedPostsAtScale,
  userId,
  VIEWER_FOLLOWS_EVERY,
} from './posts-at-scale.ts';

const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const BENCH_DATABASE = 'stagepass_bench_feed';

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
    await app.db.execute(sql`
      select p.id from posts p join items i on i.id = p.id
      where p.type = 'photo' and i.visibility = 'everyone' limit 1`),
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
    console.log(`\nPostgreSQL: seeded (${await seedPostsAtScale(database)})`);
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
        const { p50, p99, count } = await measureRequests(app, { url: probe.url, cookie, requests });
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
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `${(CREATORS * POSTS_PER_CREATOR).toLocaleString('en')} posts by ${CREATORS.toLocaleString('en')} creators, ` +
    `a viewer following ${CREATORS / VIEWER_FOLLOWS_EVERY} of them; ${requests} requests each through app.inject; ` +
    `${os.cpus().length} cores, Node ${process.version}`,
);

await withBenchDatabase(BENCH_DATABASE, run);
