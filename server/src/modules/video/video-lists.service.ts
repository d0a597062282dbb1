import { PROFILE_MESSAGES } from '@stagepass/contract/profiles';
import { type TVideosPage, VIDEO_MESSAGES, VIDEO_PAGE_SIZE } from '@stagepass/contract/video';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, readRows } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { decodeKeysetCursor, encodeKeysetCursor, ZKeysetTime } from '../../lib/keyset-cursor.ts';
import { type ItemCandidate, keysetTimeOf, olderThan, readKeysetPage } from '../items/item-lists.service.ts';
import { blockedEitherWayCondition } from '../profiles/blocks.service.ts';
import { findVisibleProfile } from '../profiles/profile-view.service.ts';
import { loadVideoForViewer, loadVideosForViewer } from './video-view.ts';

/**
 * The video lists (decision 025): a creator's Videos tab (stand-alone videos and series), a
 * creator's every video (episodes included; the author's manage list), related videos, and
 * discover. The per-creator lists are keyset-paged on (created_at desc, id desc) through
 * videos_author_newest; candidates are picked here, then read through the one gate
 * (video-view.ts), so every list shows a video alike.
 */

type ListOptions = { db: Db; appSecret: string; viewer: UserRow | undefined; cursor: string };

const ZVideoIdShape = z.string().regex(/^[A-Za-z0-9_-]{16}$/);
const ZCreatorCursor = z.tuple([ZKeysetTime, ZVideoIdShape]).transform(([at, id]) => ({ at, id }));
const ZRelatedCursor = z
  .tuple([ZKeysetTime, ZVideoIdShape, z.union([z.literal(1), z.literal(2)])])
  .transform(([at, id, phase]) => ({ at, id, phase }));
/** Discover ranks by views for their age, which change as people watch: it is paged by number. */
const DISCOVER_MAX_PAGES = 50;
const ZDiscoverPage = z.coerce.number().int().min(0).max(DISCOVER_MAX_PAGES);
/** Discover looks at videos published in this many days. */
const DISCOVER_DAYS = 90;

function invalidCursor(field: string) {
  return () => new AppError('INVALID_CURSOR', VIDEO_MESSAGES.invalidCursor, 400, field);
}

const cursorAt = keysetTimeOf(sql`v.created_at`);

/** Videos (v) with their item (i) and main file (m; none for a series). */
const videosWithItems = sql`videos as v
    join items as i on i.id = v.id
    left join item_media as im on im.item_id = v.id and im.role = 'main'
    left join media_assets as m on m.public_id = im.media_public_id`;

/**
 * Shown to this viewer in a list: published and ready (a series always is), or their own
 * while processing or after a failure (the gate decides the rest: blocks, hidden items).
 */
function isListedFor(viewerId: string | undefined): SQL {
  return sql`((i.status = 'published' and (i.kind = 'series' or m.status = 'ready'))
    or (v.author_id = ${viewerId ?? ''} and i.status in ('published', 'processing')))`;
}

/** A creator's stand-alone videos and series, newest first: the profile's Videos tab. */
export function listProfileVideos(options: ListOptions & { username: string }): Promise<TVideosPage> {
  return listCreatorVideos(options, sql`i.parent_id is null`);
}

/** Every video of a creator, episodes included (not series), newest first. */
export function listUserVideos(options: ListOptions & { username: string }): Promise<TVideosPage> {
  return listCreatorVideos(options, sql`i.kind = 'video'`);
}

async function listCreatorVideos(
  options: ListOptions & { username: string },
  which: SQL,
): Promise<TVideosPage> {
  const after = decodeKeysetCursor(options.cursor, ZCreatorCursor, invalidCursor('b'));
  const creator = await findVisibleProfile({
    db: options.db,
    username: options.username,
    viewer: options.viewer,
  });
  if (!creator) throw new AppError('NOT_FOUND', PROFILE_MESSAGES.profileNotFound, 404, 'a');
  const rows = readRows<ItemCandidate>(
    await options.db.execute(sql`
      select v.id, ${cursorAt} as "cursorAt"
      from ${videosWithItems}
      where v.author_id = ${creator.id} and ${which} and ${olderThan(after, 'v')}
        and ${isListedFor(options.viewer?.id)}
      order by v.created_at desc nulls last, v.id desc nulls last
      limit ${VIDEO_PAGE_SIZE + 1}`),
  );
  return toPage(options, rows, (last) => [last.cursorAt, last.id]);
}

/**
 * Videos related to one: the same creator's other videos and series first, then other
 * creators' (blocked ones left out), each part newest first; never the video's own series'
 * episodes (the watch page lists them). The cursor says which part it is in.
 */
export async function listRelatedVideos(options: ListOptions & { videoId: string }): Promise<TVideosPage> {
  const cursor = decodeKeysetCursor(options.cursor, ZRelatedCursor, invalidCursor('b'));
  const { db, viewer } = options;
  const video = await loadVideoForViewer({
    db,
    appSecret: options.appSecret,
    viewerId: viewer?.id,
    videoId: options.videoId,
  });
  if (!video) throw new AppError('NOT_FOUND', VIDEO_MESSAGES.notFound, 404, 'a');
  const seriesId = video.series?._id ?? (video.type === 'series' ? video._id : null);
  const base = sql`v.id <> ${video._id} and i.parent_id is null and v.id <> ${seriesId ?? ''}
    and ${isListedFor(viewer?.id)}`;
  const take = VIDEO_PAGE_SIZE + 1;
  const read = async (byCreator: SQL, after: { at: string; id: string } | null, limit: number) =>
    readRows<ItemCandidate>(
      await db.execute(sql`
        select v.id, ${cursorAt} as "cursorAt"
        from ${videosWithItems}
        where ${base} and ${byCreator} and ${olderThan(after, 'v')}
        order by v.created_at desc nulls last, v.id desc nulls last
        limit ${limit}`),
    );
  let candidates: (ItemCandidate & { phase: 1 | 2 })[] = [];
  if (!cursor || cursor.phase === 1) {
    const same = await read(sql`v.author_id = ${video.author.userId}`, cursor, take);
    candidates = same.map((row) => ({ ...row, phase: 1 as const }));
  }
  if (candidates.length < take) {
    const others = await read(
      sql`v.author_id <> ${video.author.userId}
        and not ${blockedEitherWayCondition(viewer?.id, sql`v.author_id`)}`,
      cursor?.phase === 2 ? cursor : null,
      take - candidates.length,
    );
    candidates = [...candidates, ...others.map((row) => ({ ...row, phase: 2 as const }))];
  }
  return toPage(options, candidates, (last) => [last.cursorAt, last.id, last.phase]);
}

/**
 * New and rising: stand-alone videos and series of the last 90 days from creators the viewer
 * does not follow (blocked either way never, nor the viewer's own), ranked by views for
 * their age (views / (hours + 2)^1.5, as news sites rank). Paged by number ('0', '1', …):
 * the rank moves as people watch, so no key holds still; the client drops repeats.
 */
export async function discoverVideos(options: ListOptions): Promise<TVideosPage> {
  const parsed = ZDiscoverPage.safeParse(options.cursor);
  if (!parsed.success) throw invalidCursor('x')();
  const page = parsed.data;
  const viewerId = options.viewer?.id;
  const notFollowed = viewerId
    ? sql`v.author_id <> ${viewerId}
        and not exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followed_id = v.author_id)
        and not ${blockedEitherWayCondition(viewerId, sql`v.author_id`)}`
    : sql`true`;
  const rows = readRows<ItemCandidate>(
    await options.db.execute(sql`
      select v.id, ${cursorAt} as "cursorAt"
      from ${videosWithItems}
      where i.parent_id is null and i.status = 'published' and (i.kind = 'series' or m.status = 'ready')
        and v.created_at > now() - make_interval(days => ${DISCOVER_DAYS})
        and ${notFollowed}
      order by i.views / power(extract(epoch from now() - v.created_at) / 3600 + 2, 1.5) desc,
        v.created_at desc, v.id desc
      limit ${VIDEO_PAGE_SIZE + 1} offset ${page * VIDEO_PAGE_SIZE}`),
  );
  const result = await toPage(options, rows, () => null);
  return { ...result, nextPage: result.nextPage && page < DISCOVER_MAX_PAGES ? String(page + 1) : null };
}

/** Reads the page's videos through the gate; nextPage when there was one row more than a page. */
async function toPage<Row extends ItemCandidate>(
  options: ListOptions,
  rows: readonly Row[],
  keyOf: (last: Row) => unknown,
): Promise<TVideosPage> {
  const page = await readKeysetPage(rows, VIDEO_PAGE_SIZE, (ids) =>
    loadVideosForViewer({ db: options.db, appSecret: options.appSecret, viewerId: options.viewer?.id, ids }),
  );
  return {
    success: true,
    videos: page.entries,
    nextPage: page.nextAfter ? encodeKeysetCursor(keyOf(page.nextAfter)) : null,
  };
}
