/**
 * Latency of finding creators at scale: 100,000 users (10,000 creators, three in four with a
 * picture, two in three with two posts), 1,000,000 follows, on PostgreSQL and on the
 * embedded PGlite. Requests go through the real Fastify app
 * (app.inject: routing, validation, the session lookup, serialisation) as a signed-in fan,
 * one at a time, and it prints p50/p99 of each.
 *
 *   npm run bench:creators     (BENCH_REQUESTS=200, BENCH_ONLY=postgres|pglite; the server
 *                               of DATABASE_URL, or postgres://postgres@127.0.0.1:5432/postgres)
 *
 * It creates and drops its own database on that server (stagepass_bench) and a temporary
 * PGlite directory.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CREATOR_CATEGORIES } from '@stagepass/contract/auth';
import { sql } from 'drizzle-orm';
import { type App, buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { type Database, openPglite, openPostgres } from '../server/src/db/client.ts';
import { createSession } from '../server/src/modules/auth/sessions.service.ts';
import { encodePageCursor } from '../server/src/modules/creators/page-cursor.ts';
import { onServer, benchServerUrl as serverUrl } from './bench-database.ts';
import { createStepTimer } from './bench-report.ts';

const requests = Number(process.env.BENCH_REQUESTS ?? 200);
/** 'postgres' or 'pglite' to run one of them only. */
const only = process.env.BENCH_ONLY;
const BENCH_DATABASE = 'stagepass_bench';
const USERS = 100_000;
const CREATORS = 10_000;
const FOLLOWS_PER_USER = 10; // 1,000,000 follows

const FIRST_NAMES = [
  'Mwila',
  'Chanda',
  'Bwalya',
  'Mutale',
  'Natasha',
  'Kondwani',
  'Thandiwe',
  'Lubuto',
  'Chileshe',
  'Mapalo',
  'Nkandu',
  'Temwani',
  'Mubanga',
  'Namwinga',
  'Joseph',
  'Precious',
  'Musonda',
  'Kabwe',
  'Mulenga',
  'Chipo',
  'Tamara',
  'Luyando',
  'Mwansa',
  'Kasonde',
  'Mumba',
  'Njavwa',
  'Inonge',
  'Mutinta',
  'Chisomo',
  'Lweendo',
  'Bupe',
  'Chilufya',
  'Kapambwe',
  'Mukuka',
  'Nalishebo',
  'Sepo',
  'Taonga',
  'Wezi',
  'Zyambo',
  'Mwape',
];
const SURNAMES = [
  'Banda',
  'Phiri',
  'Mulenga',
  'Zulu',
  'Tembo',
  'Mwansa',
  'Sakala',
  'Lungu',
  'Mumba',
  'Nyirenda',
  'Chisenga',
  'Kapembwa',
  'Daka',
  'Mwale',
  'Chanda',
  'Bwalya',
  'Kabwe',
  'Musonda',
  'Ngoma',
  'Siame',
  'Hamoonga',
  'Mweemba',
  'Chola',
  'Kaunda',
  'Simukonda',
  'Mbewe',
  'Ngulube',
  'Chirwa',
  'Kasonde',
  'Mutale',
  'Sichone',
  'Mukuka',
  'Chileshe',
  'Kalaba',
  'Mvula',
  'Chibwe',
  'Katongo',
  'Mpundu',
  'Lubinda',
  'Hichilema',
];
const CATEGORIES = [...CREATOR_CATEGORIES];

const textArray = (values: string[]) => sql.raw(`array[${values.map((value) => `'${value}'`).join(',')}]`);

/** Users 1..100,000 (the first 10,000 creators) and 10 follows each, skewed towards some creators. */
async function seed(database: Database): Promise<string> {
  const { db } = database;
  const { lap, steps } = createStepTimer();
  // The id is a function of the number, so follows can name users without a join.
  await db.execute(sql`
    insert into users (id, email, username, name, country_code, role, category, bio, avatar_public_id,
                       followers_count, last_active_at, created_at, email_verified_at)
    select substr(md5('u' || g), 1, 20),
           'user' || g || '@bench.example.com',
           '@' || lower(first_name || last_name) || g,
           first_name || ' ' || last_name,
           'ZM',
           case when g <= ${CREATORS} then 'creator' else 'fan' end,
           case when g <= ${CREATORS} then (${textArray(CATEGORIES)})[1 + g % 10] end,
           case when g <= ${CREATORS} then 'Creator number ' || g || ' on the bench.' else '' end,
           case when g <= ${CREATORS} and g % 4 <> 0 then 'avatar' || g end,
           0,
           now() - random() * interval '60 days',
           now() - interval '1 year',
           now()
    from generate_series(1, ${USERS}) as g,
         lateral (select (${textArray(FIRST_NAMES)})[1 + (g * 7) % 40] as first_name,
                         (${textArray(SURNAMES)})[1 + (g * 13 + g / 40) % 40] as last_name) as names`);
  lap('users');
  // Featured ranks creators with posts first: two text posts each for two creators in three.
  // Each post's item first, then the post with the item's id, creator and time (posts_item).
  await db.execute(sql`
    with post as materialized (
      select substr(md5('p' || g || '-' || k), 1, 16) as id, substr(md5('u' || g), 1, 20) as author_id, k,
             now() - random() * interval '60 days' as at
      from generate_series(1, ${CREATORS}) as g, generate_series(1, 2) as k
      where g % 3 <> 0
    ), item as (
      insert into items (id, kind, creator_id, status, created_at, published_at)
      select id, 'post', author_id, 'published', at, at from post
    )
    insert into posts (id, author_id, type, description, created_at)
    select id, author_id, 'text', 'Post ' || k, at from post`);
  lap('posts');
  // Each user follows 10 distinct creators: (base + k·997) mod 10,000 differ for k < 10, and
  // base = 10,000·r² favours low-numbered creators, so counts range from few to thousands.
  // A creator who would follow themselves follows the one 5,000 further on instead (997·k
  // never equals 5,000 mod 10,000, so it stays distinct).
  await db.execute(sql`
    insert into follows (follower_id, followed_id, created_at)
    select substr(md5('u' || follower), 1, 20),
           substr(md5('u' || (1 + case when followed = follower - 1 then (followed + 5000) % ${CREATORS} else followed end)), 1, 20),
           now() - random() * interval '365 days'
    from (select follower, base,
                 (base + k * 997) % ${CREATORS} as followed
          from (select g as follower, floor(${CREATORS} * random() ^ 2)::int as base
                from generate_series(1, ${USERS}) as g) as people,
               generate_series(0, ${FOLLOWS_PER_USER - 1}) as k) as pairs`);
  lap('follows');
  await db.execute(sql`
    update users set followers_count = counts.total
    from (select followed_id, count(*)::int as total from follows group by followed_id) as counts
    where users.id = counts.followed_id`);
  lap('counts');
  await db.execute(sql`analyze`);
  lap('analyze');
  return steps();
}

type Probe = { label: string; url: string };

async function probesFor(app: App): Promise<Probe[]> {
  const [deep] = (
    (await app.db.execute(sql`
      select followers_count, id from users where role = 'creator'
      order by followers_count desc nulls last, id offset 9000 limit 1`)) as unknown as {
      rows: { followers_count: number; id: string }[];
    }
  ).rows;
  const [popular] = (
    (await app.db.execute(sql`
      select username from users where role = 'creator' order by followers_count desc limit 1 offset 50`)) as unknown as {
      rows: { username: string }[];
    }
  ).rows;
  const deepPage = encodePageCursor({ k: 'all', f: deep!.followers_count, i: deep!.id });
  return [
    { label: 'creators list, page 0', url: '/api/creators?page=0' },
    { label: 'creators list, page at 9,000', url: `/api/creators?page=${deepPage}` },
    { label: "search 'mwla band' (misspelt)", url: '/api/creators?q=mwla%20band&page=0' },
    // One misspelt word: every Mwila (a first name in 40, ~250 creators) is one typo away.
    { label: "search 'mwla' (one typo, suggestions)", url: '/api/creators?q=mwla&limit=6&page=0' },
    { label: "search 'bnada' (swapped letters)", url: '/api/creators?q=bnada&page=0' },
    { label: "search 'chilesh' (suggestions)", url: '/api/creators?q=chilesh&limit=8&page=0' },
    { label: 'featured, page 0', url: '/api/creators/featured?page=0' },
    { label: `profile GET /api/users/${popular!.username}`, url: `/api/users/${popular!.username.slice(1)}` },
  ];
}

async function measure(app: App, cookie: string, probe: Probe): Promise<{ p50: number; p99: number }> {
  const once = async () => {
    const started = performance.now();
    const response = await app.inject({ url: probe.url, headers: { cookie } });
    const elapsed = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`${probe.url}: ${response.statusCode} ${response.body}`);
    return elapsed;
  };
  for (let index = 0; index < 20; index += 1) await once(); // warm-up: JIT, plans, caches
  const timings: number[] = [];
  for (let index = 0; index < requests; index += 1) timings.push(await once());
  timings.sort((a, b) => a - b);
  const at = (share: number) => timings[Math.min(timings.length - 1, Math.ceil(share * timings.length) - 1)]!;
  return { p50: at(0.5), p99: at(0.99) };
}

async function run(label: string, database: Database): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-bench-creators-'));
  try {
    await database.migrate();
    console.log(`\n${label}: seeded (${await seed(database)})`);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database });
    try {
      // A fan (user 50,000) signed in: lists then check follows and blocks for every card.
      const fanId = (
        (await app.db.execute(sql`select substr(md5('u' || 50000), 1, 20) as id`)) as unknown as {
          rows: { id: string }[];
        }
      ).rows[0]!.id;
      const { token } = await createSession(app.db, { userId: fanId, signedInWith: 'password' });
      const cookie = `token=${token}`;
      for (const probe of await probesFor(app)) {
        const { p50, p99 } = await measure(app, cookie, probe);
        console.log(
          `  ${probe.label.padEnd(44)} p50 ${p50.toFixed(2).padStart(7)} ms   p99 ${p99.toFixed(2).padStart(7)} ms`,
        );
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `${USERS.toLocaleString('en')} users, ${CREATORS.toLocaleString('en')} creators, ` +
    `${(USERS * FOLLOWS_PER_USER).toLocaleString('en')} follows; ${requests} requests each through app.inject, ` +
    `signed in as a fan; ${os.cpus().length} cores, Node ${process.version}`,
);

if (only !== 'pglite') {
  await onServer(`drop database if exists ${BENCH_DATABASE} with (force)`);
  await onServer(`create database ${BENCH_DATABASE}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${BENCH_DATABASE}`;
    await run('PostgreSQL', await openPostgres(url.toString()));
  } finally {
    await onServer(`drop database if exists ${BENCH_DATABASE} with (force)`);
  }
}

if (only !== 'postgres') {
  const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-bench-pglite-'));
  try {
    await run('PGlite', await openPglite(pgliteDir));
  } finally {
    fs.rmSync(pgliteDir, { recursive: true, force: true });
  }
}
