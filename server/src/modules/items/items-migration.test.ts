import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';

// The catalogue's migrations on a database that holds posts, tracks and what points at them
// as they were before each. 0024_items.sql: every post and track becomes an item with its
// terms, unlocks and per-item earnings find their item (those of deleted items go), and an id
// shared by a post and a track stops the migration rather than merge two things into one.
// item_media: the kinds' file columns move to item_media, one row per file and role.
// The SQL runs on PGlite here; the suite on PostgreSQL runs every migration on CI too.

const migrationsFolder = path.resolve(import.meta.dirname, '../../db/migrations');
const ITEMS_MIGRATION = '0024_items.sql';
const REACTIONS_VIEWS_MIGRATION = '0026_item_reactions_views.sql';
const migrationFiles = readdirSync(migrationsFolder)
  .filter((file) => file.endsWith('.sql'))
  .sort();
// Found by name: its number is whatever it got when it landed.
const ITEM_MEDIA_MIGRATION = migrationFiles.find((file) => file.endsWith('_item_media.sql'))!;

/** A migration file in one transaction, as the migrator runs it. */
async function runFile(database: PGlite, file: string): Promise<void> {
  const text = readFileSync(path.join(migrationsFolder, file), 'utf8');
  await database.transaction((tx) => tx.exec(text.replaceAll('--> statement-breakpoint', '')));
}
// Two dozen migrations on a busy two-core machine take a while.
const MIGRATING_TIMEOUT_MS = 120_000;

/** A database with every migration before `migration` run. */
async function migrateUpTo(migration: string): Promise<PGlite> {
  const database = new PGlite();
  for (const file of migrationFiles.slice(0, migrationFiles.indexOf(migration)))
    await runFile(database, file);
  return database;
}

/** A database migrated up to the catalogue, with a creator, a fan, a post, a track and their purchases. */
async function databaseBeforeItems(): Promise<PGlite> {
  const database = await migrateUpTo(ITEMS_MIGRATION);
  await database.exec(`
    insert into users (id, email, username, name, country_code, role)
      values ('creator', 'c@example.com', '@creator', 'Creator', 'ZM', 'creator'),
             ('fan', 'f@example.com', '@fan', 'Fan', 'ZM', 'fan');
    insert into media_assets (public_id, owner_id, kind, purpose, variants, bytes)
      values ('sound', 'creator', 'audio', 'post', '{}', 1);
    insert into posts (id, author_id, type, description, visibility, price, created_at)
      values ('post000000000001', 'creator', 'text', 'Paid words', 'pay-to-unlock', 750, '2026-01-02T03:04:05.123456Z');
    insert into audio_tracks (id, author_id, title, genre, audio_public_id, visibility, created_at)
      values ('track00000000001', 'creator', 'A song', 'Kalindula', 'sound', 'subscribers', '2026-02-03T04:05:06Z');
    insert into unlocks (fan_id, item_type, item_id, purchase_id)
      values ('fan', 'post', 'post000000000001', gen_random_uuid()),
             ('fan', 'audio', 'gone000000000001', gen_random_uuid());
    insert into creator_item_earnings (creator_id, item_key, earned, purchases)
      values ('creator', 'post:post000000000001', 700, 1), ('creator', 'audio:gone000000000001', 90, 1);
  `);
  return database;
}

describe('the catalogue migration', () => {
  it(
    'makes an item of every post and track, and points unlocks and earnings at them',
    async () => {
      const database = await databaseBeforeItems();
      try {
        await runFile(database, ITEMS_MIGRATION);
        const items = await database.query(
          `select id, kind, creator_id, visibility, price, status, created_at = published_at as "isPublishedWhenMade",
           to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as "createdAt"
         from items order by id`,
        );
        expect(items.rows).toEqual([
          {
            id: 'post000000000001',
            kind: 'post',
            creator_id: 'creator',
            visibility: 'pay-to-unlock',
            price: 750,
            status: 'published',
            isPublishedWhenMade: true,
            createdAt: '2026-01-02T03:04:05.123456',
          },
          {
            id: 'track00000000001',
            kind: 'audio',
            creator_id: 'creator',
            visibility: 'subscribers',
            price: null,
            status: 'published',
            isPublishedWhenMade: true,
            createdAt: '2026-02-03T04:05:06.000000',
          },
        ]);
        expect((await database.query('select fan_id, item_id from unlocks')).rows).toEqual([
          { fan_id: 'fan', item_id: 'post000000000001' },
        ]);
        expect((await database.query('select item_id, earned from creator_item_earnings')).rows).toEqual([
          { item_id: 'post000000000001', earned: 700 },
        ]);
        // Deleting the item now takes its post, unlocks and earnings with it, by their keys.
        await database.exec(`delete from items where id = 'post000000000001'`);
        for (const table of ['posts', 'unlocks', 'creator_item_earnings']) {
          expect(
            (await database.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n,
          ).toBe(0);
        }
      } finally {
        await database.close();
      }
    },
    MIGRATING_TIMEOUT_MS,
  );

  it(
    'stops, naming the id, when a post and a track share one',
    async () => {
      const database = await databaseBeforeItems();
      try {
        await database.exec(`
        insert into media_assets (public_id, owner_id, kind, purpose, variants, bytes)
          values ('sound2', 'creator', 'audio', 'post', '{}', 1);
        insert into audio_tracks (id, author_id, title, genre, audio_public_id)
          values ('post000000000001', 'creator', 'Same id', 'Kalindula', 'sound2');
      `);
        await expect(runFile(database, ITEMS_MIGRATION)).rejects.toThrow(
          'item ids collide: a post and an audio track share the id(s) post000000000001',
        );
      } finally {
        await database.close();
      }
    },
    MIGRATING_TIMEOUT_MS,
  );
});

describe('the item media migration', () => {
  /** Up to item_media, with a text post, a photo post, a track with a cover and one without. */
  async function databaseBeforeItemMedia(): Promise<PGlite> {
    const database = await migrateUpTo(ITEM_MEDIA_MIGRATION);
    await database.exec(`
      insert into users (id, email, username, name, country_code, role)
        values ('creator', 'c@example.com', '@creator', 'Creator', 'ZM', 'creator');
      insert into media_assets (public_id, owner_id, kind, purpose, variants, bytes)
        values ('photo', 'creator', 'image', 'post', '{}', 1), ('sound', 'creator', 'audio', 'post', '{}', 1),
               ('cover', 'creator', 'image', 'post', '{}', 1), ('sound2', 'creator', 'audio', 'post', '{}', 1);
      insert into items (id, kind, creator_id, created_at)
        values ('text000000000001', 'post', 'creator', '2026-01-01T00:00:00Z'),
               ('photo00000000001', 'post', 'creator', '2026-01-02T00:00:00Z'),
               ('track00000000001', 'audio', 'creator', '2026-01-03T00:00:00Z'),
               ('track00000000002', 'audio', 'creator', '2026-01-04T00:00:00Z');
      insert into posts (id, author_id, type, media_public_id, created_at)
        values ('text000000000001', 'creator', 'text', null, '2026-01-01T00:00:00Z'),
               ('photo00000000001', 'creator', 'photo', 'photo', '2026-01-02T00:00:00Z');
      insert into audio_tracks (id, author_id, title, genre, audio_public_id, cover_public_id, created_at)
        values ('track00000000001', 'creator', 'With a cover', 'Kalindula', 'sound', 'cover', '2026-01-03T00:00:00Z'),
               ('track00000000002', 'creator', 'Without', 'Kalindula', 'sound2', null, '2026-01-04T00:00:00Z');
    `);
    return database;
  }

  it(
    "moves the posts' and tracks' files into item_media, and keeps what deleting them did",
    async () => {
      const database = await databaseBeforeItemMedia();
      try {
        await runFile(database, ITEM_MEDIA_MIGRATION);
        const rows = await database.query(
          'select item_id, role, media_public_id from item_media order by item_id, role',
        );
        expect(rows.rows).toEqual([
          { item_id: 'photo00000000001', role: 'main', media_public_id: 'photo' },
          { item_id: 'track00000000001', role: 'cover', media_public_id: 'cover' },
          { item_id: 'track00000000001', role: 'main', media_public_id: 'sound' },
          { item_id: 'track00000000002', role: 'main', media_public_id: 'sound2' },
        ]);
        const columns = await database.query(
          `select table_name, column_name from information_schema.columns
           where table_name in ('posts', 'audio_tracks') and column_name like '%public_id'`,
        );
        expect(columns.rows).toEqual([]);
        // An asset deleted takes its row (the post stays, as the track with its cover gone);
        // an item deleted takes its rows.
        await database.exec(`delete from media_assets where public_id in ('photo', 'cover')`);
        await database.exec(`delete from items where id = 'track00000000002'`);
        expect((await database.query('select item_id, role from item_media')).rows).toEqual([
          { item_id: 'track00000000001', role: 'main' },
        ]);
        expect((await database.query<{ n: number }>('select count(*)::int as n from posts')).rows[0]?.n).toBe(
          2,
        );
      } finally {
        await database.close();
      }
    },
    MIGRATING_TIMEOUT_MS,
  );

  it(
    'stops, naming the upload, when two items or roles used one',
    async () => {
      const database = await databaseBeforeItemMedia();
      try {
        await database.exec(`update posts set media_public_id = 'cover' where id = 'photo00000000001'`);
        await expect(runFile(database, ITEM_MEDIA_MIGRATION)).rejects.toThrow(
          'item media shared: the upload(s) cover are used by more than one item or role',
        );
      } finally {
        await database.close();
      }
    },
    MIGRATING_TIMEOUT_MS,
  );
});

describe('the migration of reactions and plays to the catalogue', () => {
  it(
    "moves posts' and tracks' reactions, and tracks' plays and their count, to the items",
    async () => {
      const database = await databaseBeforeItems();
      try {
        const files = readdirSync(migrationsFolder)
          .filter((file) => file.endsWith('.sql'))
          .sort();
        for (const file of files.slice(
          files.indexOf(ITEMS_MIGRATION),
          files.indexOf(REACTIONS_VIEWS_MIGRATION),
        )) {
          await runFile(database, file);
        }
        await database.exec(`
          insert into post_reactions (post_id, owner_id, kind, created_at)
            values ('post000000000001', 'fan', 'haha', '2026-03-01T00:00:00Z');
          insert into audio_reactions (audio_id, owner_id, kind, created_at)
            values ('track00000000001', 'fan', 'love', '2026-03-02T00:00:00Z'),
                   ('track00000000001', 'creator', 'wow', '2026-03-03T00:00:00Z');
          insert into audio_plays (audio_id, listener_key, day)
            values ('track00000000001', 'fan', '2026-03-01'), ('track00000000001', 'visitor:abc', '2026-03-01');
          update audio_tracks set plays = 2;
        `);
        await runFile(database, REACTIONS_VIEWS_MIGRATION);
        expect(
          (
            await database.query(
              `select item_id, owner_id, kind, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day
               from item_reactions order by item_id, owner_id`,
            )
          ).rows,
        ).toEqual([
          { item_id: 'post000000000001', owner_id: 'fan', kind: 'haha', day: '2026-03-01' },
          { item_id: 'track00000000001', owner_id: 'creator', kind: 'wow', day: '2026-03-03' },
          { item_id: 'track00000000001', owner_id: 'fan', kind: 'love', day: '2026-03-02' },
        ]);
        expect(
          (await database.query(`select item_id, viewer_key from item_views order by viewer_key`)).rows,
        ).toEqual([
          { item_id: 'track00000000001', viewer_key: 'fan' },
          { item_id: 'track00000000001', viewer_key: 'visitor:abc' },
        ]);
        expect((await database.query(`select id, views from items order by id`)).rows).toEqual([
          { id: 'post000000000001', views: 0 },
          { id: 'track00000000001', views: 2 },
        ]);
        // The old tables are gone; deleting an item takes its reactions and views by their keys.
        await expect(database.query('select 1 from post_reactions')).rejects.toThrow();
        await database.exec(`delete from items where id = 'track00000000001'`);
        expect((await database.query('select count(*)::int as n from item_views')).rows).toEqual([{ n: 0 }]);
        expect((await database.query('select count(*)::int as n from item_reactions')).rows).toEqual([
          { n: 1 },
        ]);
      } finally {
        await database.close();
      }
    },
    MIGRATING_TIMEOUT_MS,
  );
});
