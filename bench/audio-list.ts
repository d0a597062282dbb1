/**
 * The audio lists at scale: the player's list (GET /api/audio/player-audios/:username/:cursor
 * ?initialAudioId=), the profile's Audio tab (profile-audios) and related tracks
 * (fetch_related_audios), on 110,000 tracks: 1,000 creators with 100 each and one podcaster
 * (@bigstar) with 10,000, each track with its media_assets row (ready, its variants as
 * processing leaves them; one in 250 still processing, half with a cover), ~170,000
 * reactions and ~275,000 plays, 10,000 fans with passes and unlocks, all seeded in SQL with
 * generate_series. One in ten tracks is for pass holders, one in twenty pay-to-unlock.
 *
 * Two viewers read: a signed-in fan (an active pass to @bigstar, 100 of its paid tracks
 * unlocked, reactions on a third of them, 20 creators blocked) and a signed-out visitor.
 * Before timing, the player's list of @bigstar is walked from a track in its middle to both
 * ends, by following nextPage and previousPage (every track once, none missing), and the profile's to page 501; the deep pages are read at
 * the cursors the walks were given.
 * Requests go through the real app (app.inject: routing, the session, validation, the
 * lists, serialisation) one at a time; it prints p50/p95/p99 of each. On PostgreSQL it then
 * runs EXPLAIN ANALYZE on every query one request of each list makes (as the fan), and
 * prints each query's time and access paths, and the whole plan of any that scans a large
 * table or is slow; and the same for the access check of /media (what every range read of a
 * paid track runs first, bench:audio-ranges) at this scale.
 *
 *   npm run bench:audio-list   (BENCH_REQUESTS=500 a list and viewer, or what fits in
 *                               BENCH_BUDGET_SECONDS=8; BENCH_DATABASE=postgres|pglite:
 *                               postgres by default, on the server of DATABASE_URL, or
 *                               postgres://postgres@127.0.0.1:5432/postgres; BENCH_KEEP=1
 *                               keeps the PostgreSQL database for EXPLAIN sessions)
 *
 * It creates and drops its own database on that server (stagepass_bench_audio_list), or a
 * temporary PGlite directory.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AUDIO_GENRES,
  AUDIO_PAGE_SIZE,
  type TAudio,
  type TAudiosPage,
  type TPlayerAudiosPage,
} from '@stagepass/contract/audio';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type App, buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { type Database, type Db, openPglite, openPostgres, readRows } from '../server/src/db/client.ts';
import * as schema from '../server/src/db/schema/index.ts';
import { createSession } from '../server/src/modules/auth/sessions.service.ts';
import { benchServerUrl, onServer } from './bench-database.ts';
import { createStepTimer, describeLoad, formatTable } from './bench-report.ts';
import { measureRequests } from './measure-requests.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
/** Each list and viewer stops measuring after this, with fewer requests, when it is slow. */
const BUDGET_MS = Number(process.env.BENCH_BUDGET_SECONDS ?? 8) * 1000;
const databaseKind = process.env.BENCH_DATABASE === 'pglite' ? 'pglite' : 'postgres';
const BENCH_DATABASE = 'stagepass_bench_audio_list';
const CREATORS = 1_000;
const TRACKS_PER_CREATOR = 100;
const BIG_TRACKS = 10_000;
const FANS = 10_000;
/** Users: creators 1..1,000, @bigstar 1,001, the signed-in fan 1,002, other fans 1,003..11,001. */
const BIG = CREATORS + 1;
const VIEWER = CREATORS + 2;
const SMALL_TRACKS = CREATORS * TRACKS_PER_CREATOR;
const TRACKS = SMALL_TRACKS + BIG_TRACKS;
/** A query of a list request that takes longer than this (EXPLAIN ANALYZE) has its plan printed. */
const SLOW_QUERY_MS = 5;
/** Tables with thousands of rows here: a sequential scan of one is a plan that will not scale. */
const LARGE_TABLES = new Set([
  'items',
  'audio_tracks',
  'media_assets',
  'item_reactions',
  'item_views',
  'users',
  'passes',
  'unlocks',
]);

// Ids are functions of a number, so rows can name each other without joins.
const userId = (n: string) => sql.raw(`substr(md5('u' || (${n})), 1, 20)`);
const trackId = (n: string) => sql.raw(`substr(md5('t' || (${n})), 1, 16)`);
const audioAssetId = (n: string) => sql.raw(`substr(md5('a' || (${n})), 1, 20)`);
const coverAssetId = (n: string) => sql.raw(`substr(md5('c' || (${n})), 1, 20)`);
/** A number written into the SQL text: generate_series cannot pick the type of a parameter. */
const n = (value: number) => sql.raw(String(value));
const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(',')}]`);

/** Track g's creator: 1 + (g - 1) % 1,000 for the first 100,000, @bigstar for the rest. */
const authorOf = (g: string) =>
  `case when ${g} > ${SMALL_TRACKS} then ${BIG} else 1 + (${g} - 1) % ${CREATORS} end`;

async function seed(db: Db): Promise<string> {
  const { lap, steps } = createStepTimer();
  await db.execute(sql`
    insert into users (id, email, username, name, country_code, role, category, created_at, email_verified_at)
    select ${userId('g')}, 'user' || g || '@bench.example.com',
           case when g = ${n(BIG)} then '@bigstar' when g = ${n(VIEWER)} then '@listener' else '@user' || g end,
           'User ' || g, 'ZM',
           case when g <= ${n(BIG)} then 'creator' else 'fan' end,
           case when g < ${n(BIG)} then 'music artist' when g = ${n(BIG)} then 'podcaster' end,
           now() - interval '3 years', now()
    from generate_series(1, ${n(BIG + FANS)}) as g`);
  lap('users');
  // Every track's audio asset (one in 250 still processing), and a cover for every other one.
  await db.execute(sql`
    insert into media_assets (public_id, owner_id, kind, purpose, status, variants, duration_seconds, bytes, created_at)
    select ${audioAssetId('g')}, ${userId(authorOf('g'))}, 'audio', 'post',
           case when g % 250 = 7 then 'processing' else 'ready' end,
           case when g % 250 = 7 then jsonb_build_object('original', ${audioAssetId('g')} || '/original.mp3')
                else jsonb_build_object('original', ${audioAssetId('g')} || '/original.mp3',
                                        'audio', ${audioAssetId('g')} || '/audio.m4a',
                                        'audio-lite', ${audioAssetId('g')} || '/audio-lite.m4a',
                                        'preview', ${audioAssetId('g')} || '/preview.m4a',
                                        'waveform', ${audioAssetId('g')} || '/waveform.json') end,
           90 + g % 2400, 3000000, now() - interval '3 years'
    from generate_series(1, ${n(TRACKS)}) as g`);
  await db.execute(sql`
    insert into media_assets (public_id, owner_id, kind, purpose, status, variants, width, height, bytes, created_at)
    select ${coverAssetId('g')}, ${userId(authorOf('g'))}, 'image', 'post', 'ready',
           jsonb_build_object('post', ${coverAssetId('g')} || '/post.webp', 'mobile', ${coverAssetId('g')} || '/mobile.webp',
                              'placeholder', ${coverAssetId('g')} || '/placeholder.webp'),
           686, 686, 200000, now() - interval '3 years'
    from generate_series(2, ${n(TRACKS)}, 2) as g`);
  lap('media assets');
  // A small creator's tracks are mostly of its own genre, spread over two years; @bigstar's
  // are in three spoken genres, about nine a day over three years.
  // The item first, then the track with the item's id, creator and time (audio_tracks_item),
  // and its sound and cover as the item's main file and cover (item_media).
  await db.execute(sql`
    with track as materialized (
      select g, ${userId(authorOf('g'))} as author_id,
             case when g > ${n(SMALL_TRACKS)} then now() - make_interval(secs => (g - ${n(SMALL_TRACKS)}) * 9461.0)
                  else now() - make_interval(secs => (g::bigint * 7919) % (730 * 86400)) end as at
      from generate_series(1, ${n(TRACKS)}) as g
    ), item as (
      insert into items (id, kind, creator_id, visibility, price, status, created_at, published_at, views)
      select ${trackId('g')}, 'audio', author_id,
             case when g % 10 = 1 then 'subscribers' when g % 20 = 3 then 'pay-to-unlock' else 'everyone' end,
             case when g % 20 = 3 then 500 end,
             'published', at, at, g % 6
      from track
    ), side as (
      insert into audio_tracks (id, author_id, title, genre, created_at)
      select ${trackId('g')}, author_id, 'Track number ' || g || ', recorded for the bench',
             case when g > ${n(SMALL_TRACKS)} then
                    case when g % 10 < 5 then 'Talk and interviews' when g % 10 < 8 then 'Comedy' else 'Business and startups' end
                  else (${textArray(AUDIO_GENRES)})[1 + (case when g % 3 = 0 then g / 3 else ${sql.raw(authorOf('g'))} end) % ${n(AUDIO_GENRES.length)}] end,
             at
      from track
    )
    insert into item_media (item_id, role, media_public_id)
    select ${trackId('g')}, 'main', ${audioAssetId('g')} from track
    union all
    select ${trackId('g')}, 'cover', ${coverAssetId('g')} from track where g % 2 = 0`);
  lap('tracks');
  // g % 4 reactions a track from distinct fans (not the viewer); the viewer's on every third of @bigstar's.
  await db.execute(sql`
    insert into item_reactions (item_id, owner_id, kind, created_at)
    select ${trackId('g')}, ${userId(`${VIEWER + 1} + (g * 31 + k * 997) % ${FANS - 1}`)},
           (array['love', 'haha', 'wow', 'angry', 'sad'])[1 + (g + k) % 5], now() - make_interval(secs => g % 86400)
    from generate_series(1, ${n(TRACKS)}) as g, generate_series(0, 2) as k
    where k < g % 4`);
  await db.execute(sql`
    insert into item_reactions (item_id, owner_id, kind)
    select ${trackId('g')}, ${userId(String(VIEWER))}, 'love'
    from generate_series(${n(SMALL_TRACKS + 3)}, ${n(TRACKS)}, 3) as g`);
  lap('reactions');
  // The items' views count of rows, one per listener and day.
  await db.execute(sql`
    insert into item_views (item_id, viewer_key, day)
    select ${trackId('g')}, ${userId(`${VIEWER + 1} + (g * 17 + k * 613) % ${FANS - 1}`)}, current_date - k
    from generate_series(1, ${n(TRACKS)}) as g, generate_series(1, 5) as k
    where k <= g % 6`);
  lap('plays');
  // The viewer: an active pass to @bigstar, 100 of its paid tracks unlocked, 20 creators
  // blocked. Other fans: 2 passes each (half expired) and 3 unlocks.
  await db.execute(sql`
    insert into passes (fan_id, creator_id, period, expires_at)
    values (${userId(String(VIEWER))}, ${userId(String(BIG))}, 'monthly', now() + interval '20 days')`);
  await db.execute(sql`
    insert into passes (fan_id, creator_id, period, expires_at)
    select ${userId('fan')}, ${userId(`1 + (fan * 7 + k * 131) % ${BIG}`)}, 'monthly',
           case when (fan + k) % 2 = 0 then now() + interval '10 days' else now() - interval '10 days' end
    from generate_series(${n(VIEWER + 1)}, ${n(BIG + FANS)}) as fan, generate_series(0, 1) as k`);
  await db.execute(sql`
    insert into unlocks (fan_id, item_id, purchase_id)
    select ${userId(String(VIEWER))}, ${trackId('g')}, gen_random_uuid()
    from generate_series(${n(SMALL_TRACKS + 3)}, ${n(SMALL_TRACKS + 2000)}, 20) as g`);
  await db.execute(sql`
    insert into unlocks (fan_id, item_id, purchase_id)
    select ${userId('fan')}, ${trackId(`3 + 20 * ((fan * 7 + k * 1301) % ${TRACKS / 20})`)}, gen_random_uuid()
    from generate_series(${n(VIEWER + 1)}, ${n(BIG + FANS)}) as fan, generate_series(0, 2) as k`);
  await db.execute(sql`
    insert into blocks (blocker_id, blocked_id)
    select ${userId(String(VIEWER))}, ${userId('c')} from generate_series(7, ${n(CREATORS)}, 50) as c`);
  lap('passes, unlocks, blocks');
  await db.execute(sql`vacuum analyze`);
  lap('vacuum analyze');
  await db.execute(sql`checkpoint`).catch(() => {});
  lap('checkpoint');
  return steps();
}

// ── Plans (PostgreSQL) ──────────────────────────────────────────────────────

type RecordedQuery = { query: string; params: unknown[] };

/**
 * The app's database as openPostgres makes it, plus a drizzle logger that keeps the queries
 * while `recording` is on, and EXPLAIN ANALYZE of one of them with its parameters.
 */
function openRecordingPostgres(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => {});
  const recorded: RecordedQuery[] = [];
  let recording = false;
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (query, params) => recording && recorded.push({ query, params }) },
  }) as unknown as Db;
  const database: Database = {
    db,
    kind: 'postgres',
    migrate: async () => {},
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
  return {
    database,
    async record(run: () => Promise<unknown>): Promise<RecordedQuery[]> {
      recorded.length = 0;
      recording = true;
      try {
        await run();
      } finally {
        recording = false;
      }
      return [...recorded];
    },
    async explain({ query, params }: RecordedQuery): Promise<string[]> {
      const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers, costs off) ${query}`,
        params,
      );
      return rows.map((row) => row['QUERY PLAN']);
    },
  };
}

type Recorder = ReturnType<typeof openRecordingPostgres>;

/** "select … from "audio_tracks" …" on one line, shortened. */
function describeQuery(query: string): string {
  const line = query.replace(/\s+/g, ' ').trim();
  // The first "from" outside parentheses: the query's own table, not a subquery's.
  let depth = 0;
  let from = '?';
  for (let index = 0; index < line.length; index += 1) {
    if (line[index] === '(') depth += 1;
    else if (line[index] === ')') depth -= 1;
    else if (depth === 0 && line.startsWith(' from ', index)) {
      from = /^ from "?(\w+)"?/.exec(line.slice(index))?.[1] ?? '?';
      break;
    }
  }
  return `${line.slice(0, 60)}… (from ${from})`;
}

async function explainProbe(recorder: Recorder, app: App, url: string, cookie: string): Promise<string> {
  const queries = await recorder.record(() => app.inject({ url, headers: { cookie } }));
  const lines: string[] = [];
  for (const recorded of queries) {
    // A query the database refuses failed the request too: said with the query, and the
    // other lists' plans still printed.
    const plan = await recorder.explain(recorded).catch((error: Error) => error);
    if (plan instanceof Error) {
      lines.push(`      FAILED  ${describeQuery(recorded.query)}: ${plan.message}`);
      lines.push(`        ${recorded.query.replace(/\s+/g, ' ')}`);
      lines.push(`        params: ${JSON.stringify(recorded.params)}`);
      continue;
    }
    const time = Number(/Execution Time: ([\d.]+) ms/.exec(plan.join('\n'))?.[1] ?? Number.NaN);
    const paths = [
      ...new Set(
        plan.flatMap((line) => {
          const match =
            /(Seq Scan|Index Only Scan|Index Scan|Bitmap Index Scan)(?: Backward)?(?: using (\S+))? on (\S+)/.exec(
              line,
            );
          return match ? [`${match[1]}${match[2] ? ` ${match[2]}` : ''} on ${match[3]}`] : [];
        }),
      ),
    ];
    const largeSeqScans = paths.filter(
      (p) => p.startsWith('Seq Scan') && LARGE_TABLES.has(p.split(' on ')[1]!),
    );
    lines.push(`      ${time.toFixed(3).padStart(7)} ms  ${describeQuery(recorded.query)}`);
    lines.push(`                  ${paths.join('; ') || '(no table)'}`);
    if (largeSeqScans.length > 0 || time > SLOW_QUERY_MS) {
      lines.push(
        `        ${largeSeqScans.length > 0 ? 'SEQUENTIAL SCAN OF A LARGE TABLE' : 'SLOW'}: the query and its plan`,
      );
      lines.push(`        ${recorded.query.replace(/\s+/g, ' ')}`);
      lines.push(`        params: ${JSON.stringify(recorded.params)}`);
      lines.push(...plan.map((line) => `        ${line}`));
    }
  }
  return lines.join('\n');
}

// ── The lists ───────────────────────────────────────────────────────────────

type Walk = { cursors: string[]; ids: string[]; refused?: string };

/**
 * Follows nextPage (or previousPage: the player's list back to newer tracks) from
 * `firstUrl` to the end: the cursor of each page after the first, and every id; or where a
 * page was refused.
 */
async function walk(
  app: App,
  firstUrl: string,
  nextUrl: (cursor: string) => string,
  options: { cookie?: string; pages?: number; way?: 'nextPage' | 'previousPage' } = {},
) {
  const { cookie, pages = Number.POSITIVE_INFINITY, way = 'nextPage' } = options;
  const headers = cookie ? { cookie } : {};
  const result: Walk = { cursors: [], ids: [] };
  let url = firstUrl;
  for (;;) {
    const answer = await app.inject({ url, headers });
    if (answer.statusCode !== 200) {
      return { ...result, refused: `page ${result.cursors.length + 1}: ${answer.statusCode} ${answer.body}` };
    }
    const page = answer.json() as TPlayerAudiosPage;
    result.ids.push(...page.audios.map((audio) => audio.audioId));
    const cursor = page[way];
    if (!cursor || result.cursors.length + 1 >= pages) return result;
    result.cursors.push(cursor);
    url = nextUrl(cursor);
  }
}

function checkWalk(label: string, walked: Walk, expected: number): string {
  const unique = new Set(walked.ids).size;
  if (walked.refused) throw new Error(`${label}: ${walked.refused}`);
  if (unique !== walked.ids.length || unique !== expected) {
    throw new Error(`${label}: ${walked.ids.length} tracks (${unique} different), expected ${expected}`);
  }
  return `${label}: ${walked.cursors.length + 1} pages, ${unique.toLocaleString('en')} tracks, each once`;
}

type Probe = { label: string; url: string };

async function probesFor(app: App, viewerCookie: string): Promise<{ probes: Probe[]; checks: string[] }> {
  // A 100-track creator's track of a genre it seldom uses: its related tracks are the
  // creator's few of the genre, then other creators' (the second part) on the first page.
  const [counts] = readRows<{ visible: number; middle: string; small: string; smallCreator: string }>(
    await app.db.execute(sql`
      select (select count(*)::int from audio_tracks t
                join item_media im on im.item_id = t.id and im.role = 'main'
                join media_assets m on m.public_id = im.media_public_id
              where t.author_id = ${userId(String(BIG))} and m.status = 'ready') as visible,
             ${trackId(String(SMALL_TRACKS + BIG_TRACKS / 2))} as middle,
             (select t.id from audio_tracks t
              join item_media im on im.item_id = t.id and im.role = 'main'
              join media_assets m on m.public_id = im.media_public_id
              join items i on i.id = t.id
              where t.author_id = ${userId('500')} and m.status = 'ready' and i.visibility = 'everyone'
              order by (select count(*) from audio_tracks u where u.author_id = t.author_id and u.genre = t.genre), t.id
              limit 1) as small,
             'user500' as "smallCreator"`),
  );
  const { visible, middle, small, smallCreator } = counts!;
  const playerFrom = (initialAudioId: string | null) => (cursor: string) =>
    `/api/audio/player-audios/bigstar/${cursor}${initialAudioId ? `?initialAudioId=${initialAudioId}` : ''}`;
  let player = playerFrom(middle);
  const profile = (cursor: string) => `/api/audio/profile-audios/bigstar/${cursor}`;
  const related = (id: string, cursor: string) => `/api/audio/fetch_related_audios/${id}/${cursor}`;

  const checks: string[] = [];
  let playerWalk = await walk(app, player('0'), player, { cookie: viewerCookie });
  // The player opens in the middle of the list: the way back to the newest track, too.
  const backWalk = await walk(app, player('0'), player, { cookie: viewerCookie, way: 'previousPage' });
  const firstPageLength = (
    (await app.inject({ url: player('0'), headers: { cookie: viewerCookie } })).json() as TAudiosPage
  ).audios.length;
  if (!playerWalk.refused) {
    playerWalk = {
      cursors: playerWalk.cursors,
      ids: [...backWalk.ids.slice(firstPageLength), ...playerWalk.ids],
      refused: backWalk.refused,
    };
  }
  if (playerWalk.refused) {
    // The list cannot be paged as the player asks for it: said, then walked without initialAudioId.
    checks.push(`FAILED: the player list of @bigstar from initialAudioId, ${playerWalk.refused}`);
    player = playerFrom(null);
    playerWalk = await walk(app, player('0'), player, { cookie: viewerCookie });
    checks.push(
      checkWalk(
        "player list of @bigstar without initialAudioId (the fan's; its deep pages below)",
        playerWalk,
        visible,
      ),
    );
  } else {
    checks.push(
      checkWalk(
        `player list of @bigstar from initialAudioId (the fan's; ${backWalk.cursors.length} pages back)`,
        playerWalk,
        visible,
      ),
    );
  }
  // The profile list's candidates are the player's (without the track to skip): walked to page 501.
  const profileWalk = await walk(app, profile('0'), profile, { pages: 501 });
  checks.push(
    checkWalk("profile list of @bigstar (the visitor's), to page 501", profileWalk, 501 * AUDIO_PAGE_SIZE),
  );
  // Related tracks of that track, followed to the second page: other creators' only.
  const relatedFirst = (
    await app.inject({ url: related(small, '0'), headers: { cookie: viewerCookie } })
  ).json();
  const relatedCursor = (relatedFirst as TAudiosPage).nextPage;
  if (!relatedCursor) throw new Error('related tracks have no second page');
  const lastPage = playerWalk.cursors.length;
  const probes = [
    { label: 'player, first page (initialAudioId)', url: playerFrom(middle)('0') },
    { label: 'player, 100 pages on (older tracks)', url: player(playerWalk.cursors[99]!) },
    { label: 'player, 400 pages on', url: player(playerWalk.cursors[399]!) },
    ...(backWalk.cursors.length > 99
      ? [{ label: 'player, 100 pages back (newer tracks)', url: playerFrom(middle)(backWalk.cursors[99]!) }]
      : []),
    { label: `player, last page (${lastPage + 1})`, url: player(playerWalk.cursors[lastPage - 1]!) },
    { label: 'profile, first page', url: profile('0') },
    { label: 'profile, page 501 (track 5,001)', url: profile(profileWalk.cursors[499]!) },
    { label: 'profile of a 100-track creator', url: `/api/audio/profile-audios/${smallCreator}/0` },
    { label: 'related to a @bigstar track, page 1', url: related(middle, '0') },
    { label: 'related to a 100-track creator’s track, page 1', url: related(small, '0') },
    { label: 'related to it, page 2 (other creators)', url: related(small, relatedCursor) },
  ];
  return { probes, checks };
}

async function run(label: string, database: Database, seeding: Database, recorder?: Recorder): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-bench-audio-list-'));
  try {
    console.log(`\n${label}: seeded (${await seed(seeding.db)})`);
    const [rowCounts] = readRows<Record<string, number>>(
      await seeding.db.execute(sql`
        select (select count(*)::int from audio_tracks) as tracks, (select count(*)::int from media_assets) as assets,
               (select count(*)::int from item_reactions) as reactions, (select count(*)::int from item_views) as plays,
               (select count(*)::int from passes) as passes, (select count(*)::int from unlocks) as unlocks`),
    );
    console.log(
      `  ${Object.entries(rowCounts!)
        .map(([table, count]) => `${count.toLocaleString('en')} ${table}`)
        .join(', ')}; ${describeLoad()}`,
    );
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JOB_CONCURRENCY: '0',
      DEMO_CONTENT: 'false',
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({ config, database });
    try {
      const [viewer] = readRows<{ id: string }>(
        await app.db.execute(sql`select ${userId(String(VIEWER))} as id`),
      );
      const { token } = await createSession(app.db, { userId: viewer!.id, signedInWith: 'password' });
      const cookie = `token=${token}`;
      const { probes, checks } = await probesFor(app, cookie);
      for (const check of checks) console.log(`  ${check}`);

      const rows = [['GET /api/audio/…', 'viewer', 'requests', 'p50 ms', 'p95 ms', 'p99 ms']];
      const measuredAt = performance.now();
      for (const probe of probes) {
        for (const [viewerLabel, viewerCookie] of [
          ['fan', cookie],
          ['visitor', undefined],
        ] as const) {
          const timings = await measureRequests(app, {
            url: probe.url,
            cookie: viewerCookie,
            requests: REQUESTS,
            budgetMs: BUDGET_MS,
          });
          rows.push([
            probe.label,
            viewerLabel,
            `${timings.count}${timings.count < REQUESTS ? ' (time budget)' : ''}`,
            timings.p50.toFixed(2),
            timings.p95.toFixed(2),
            timings.p99.toFixed(2),
          ]);
        }
      }
      console.log(
        `\n  ${label}, one request at a time through app.inject, ${AUDIO_PAGE_SIZE} tracks a page ` +
          `(measured in ${((performance.now() - measuredAt) / 1000).toFixed(0)} s; ${describeLoad()}):\n${formatTable(rows)}`,
      );
      if (recorder) {
        console.log(
          "\n  Every query of one request of each list, as the fan, with EXPLAIN ANALYZE's time and access paths " +
            `(the whole plan when a large table is scanned or a query takes over ${SLOW_QUERY_MS} ms):`,
        );
        // Every range a player asks for checks access first: that lookup at this scale too.
        const [paid] = readRows<{ id: string }>(
          await app.db.execute(sql`select ${trackId(String(SMALL_TRACKS + 3))} as id`),
        );
        const track = await app.inject({ url: `/api/audio/fetch-audio/${paid!.id}`, headers: { cookie } });
        const signedUrl = (track.json() as { audio: TAudio }).audio.audio_asset.secure_url;
        if (!signedUrl?.includes('sig=')) throw new Error(`no signed address: ${track.body}`);
        const mediaProbe = {
          label:
            "GET /media/… (a paid track's signed address; the access check only, no file is stored here)",
          url: signedUrl,
        };
        for (const probe of [...probes, mediaProbe]) {
          console.log(`    ${probe.label}\n${await explainProbe(recorder, app, probe.url, cookie)}`);
        }
      }
    } finally {
      await app.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `Audio lists: ${TRACKS.toLocaleString('en')} tracks (${CREATORS.toLocaleString('en')} creators × ${TRACKS_PER_CREATOR}, ` +
    `and @bigstar with ${BIG_TRACKS.toLocaleString('en')}), ${FANS.toLocaleString('en')} fans; ${REQUESTS} requests ` +
    `a list and viewer; ${os.cpus().length} cores, Node ${process.version}; ${describeLoad()}`,
);

if (databaseKind === 'postgres') {
  await onServer(`drop database if exists ${BENCH_DATABASE} with (force)`);
  await onServer(`create database ${BENCH_DATABASE}`);
  const url = new URL(benchServerUrl);
  url.pathname = `/${BENCH_DATABASE}`;
  const seeding = await openPostgres(url.toString());
  const recorder = openRecordingPostgres(url.toString());
  try {
    await seeding.migrate();
    await run('PostgreSQL', recorder.database, seeding, recorder);
  } finally {
    await recorder.database.close();
    await seeding.close();
    if (process.env.BENCH_KEEP !== '1')
      await onServer(`drop database if exists ${BENCH_DATABASE} with (force)`);
  }
}

if (databaseKind === 'pglite') {
  const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-bench-audio-list-pglite-'));
  const database = await openPglite(pgliteDir);
  try {
    await database.migrate();
    await run('PGlite', database, database);
  } finally {
    await database.close();
    fs.rmSync(pgliteDir, { recursive: true, force: true });
  }
}
