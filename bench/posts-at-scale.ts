/**
 * The platform at scale, as the feed benches seed it on PostgreSQL (bench:feed,
 * bench:access-reads): 10,000 creators with 100 posts each (1,000,000 posts; a quarter of
 * them photos with a media asset), 10,000 fans following 20 creators each, and a viewer
 * (user 10,001) following every 50th creator, whose posts carry 10 reactions each.
 * Everything is made by generate_series inside the database: it seeds in a few minutes.
 *
 * A creator's posts share one visibility, by the creator's number c: subscribers when
 * c % 10 = 1, pay-to-unlock (K5) when c % 20 = 3, everyone otherwise.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../server/src/db/client.ts';
import { createStepTimer } from './bench-report.ts';

export const CREATORS = 10_000;
export const FANS = 10_000;
export const POSTS_PER_CREATOR = 100;
export const FOLLOWS_PER_FAN = 20;
/** The viewer (fan number 1, user 10,001) follows every 50th creator: 200 of them. */
export const VIEWER_FOLLOWS_EVERY = 50;
const REACTIONS_PER_FOLLOWED_POST = 10;

// Ids are functions of a number, so rows can name each other without joins.
export const userId = (n: string) => sql.raw(`substr(md5('u' || (${n})), 1, 20)`);
export const postId = (n: string) => sql.raw(`substr(md5('p' || (${n})), 1, 16)`);
export const mediaId = (n: string) => sql.raw(`substr(md5('m' || (${n})), 1, 20)`);

/** A number written into the SQL text: generate_series with three parameters cannot pick its type. */
export const n = (value: number) => sql.raw(String(value));

type Rows<Row> = { rows: Row[] };
export const rowsOf = <Row>(result: unknown) => (result as Rows<Row>).rows;

/** Seeds the platform at scale; answers how long each step took. */
export async function seedPostsAtScale(database: Database): Promise<string> {
  const { db } = database;
  const { lap, steps } = createStepTimer();
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
  // The item first, then the post with the item's id, creator and time (posts_item), and a
  // photo post's file as its item's main one (item_media): one statement, so all read the
  // same random time of each post g.
  await db.execute(sql`
    with post as materialized (
      select g, ${userId(`1 + (g - 1) % ${CREATORS}`)} as author_id, now() - random() * interval '365 days' as at
      from generate_series(1, ${CREATORS * POSTS_PER_CREATOR}) as g
    ), item as (
      insert into items (id, kind, creator_id, visibility, price, status, created_at, published_at)
      select ${postId('g')}, 'post', author_id,
             case when g % 10 = 1 then 'subscribers' when g % 20 = 3 then 'pay-to-unlock' else 'everyone' end,
             case when g % 20 = 3 then 500 end,
             'published', at, at
      from post
    ), side as (
      insert into posts (id, author_id, type, description, created_at, updated_at)
      select ${postId('g')}, author_id,
             case when g % 4 = 0 then 'photo' else 'text' end,
             'Post number ' || g || ' from the bench, with a line of text like a real one.',
             at, now()
      from post
    )
    insert into item_media (item_id, role, media_public_id)
    select ${postId('g')}, 'main', ${mediaId('g')} from post where g % 4 = 0`);
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
    insert into item_reactions (item_id, owner_id, kind, created_at)
    select ${postId('g')}, ${userId(`${CREATORS} + 1 + (g * 31 + k * 997) % ${FANS}`)},
           (array['love', 'haha', 'wow', 'angry', 'sad'])[1 + (g + k) % 5],
           now() - random() * interval '30 days'
    from generate_series(${n(VIEWER_FOLLOWS_EVERY)}, ${n(CREATORS)}, ${n(VIEWER_FOLLOWS_EVERY)}) as c,
         generate_series(0, ${POSTS_PER_CREATOR - 1}) as i,
         lateral (select c + i * ${CREATORS} as g) as post,
         generate_series(0, ${REACTIONS_PER_FOLLOWED_POST - 1}) as k`);
  lap('reactions');
  // Index-only scans of posts_author_newest and items' indexes need the visibility map: what autovacuum keeps.
  await db.execute(sql`vacuum analyze`);
  lap('vacuum analyze');
  // Writes the seed's dirty pages now, not while the first probe is timed (needs superuser
  // or pg_checkpoint; skipped without).
  await db.execute(sql`checkpoint`).catch(() => {});
  lap('checkpoint');
  return steps();
}
