import {
  AUDIO_MESSAGES,
  AUDIO_PAGE_SIZE,
  type TAudio,
  type TAudiosPage,
  type TCreatorVideosPage,
  type TPlayerAudiosPage,
} from '@stagepass/contract/audio';
import { PROFILE_MESSAGES } from '@stagepass/contract/profiles';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, readRows } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { decodeKeysetCursor, encodeKeysetCursor, ZKeysetTime } from '../../lib/keyset-cursor.ts';
import {
  type ItemCandidate,
  keysetTimeOf,
  newerThan,
  olderThan,
  readKeysetPage,
} from '../items/item-lists.service.ts';
import { listCreatorPosts } from '../posts/post-lists.service.ts';
import { blockedEitherWayCondition } from '../profiles/blocks.service.ts';
import { findVisibleProfile } from '../profiles/profile-view.service.ts';
import { loadTracksForViewer } from './audio-view.ts';

/**
 * The audio lists (decision 020): a creator's tracks (profile tab and player), related
 * tracks, and a creator's videos for the player page. Each is keyset-paged on
 * (created_at desc, id desc) through an index; the cursor is '0' for the first page, then the
 * answer's nextPage, the last row's key as base64url JSON. Candidates are picked by id here,
 * then read through the one gate (audio-view.ts), so every list shows a track alike.
 */

type ListOptions = { db: Db; appSecret: string; viewer: UserRow | undefined; cursor: string };

// Cursors are arrays, not objects: a path parameter may hold 100 characters (Fastify's
// limit), and { at, id, skip } as base64url JSON passed it.
const ZTrackId = z.string().regex(/^[A-Za-z0-9_-]{16}$/);
const ZCreatorCursor = z.tuple([ZKeysetTime, ZTrackId]).transform(([at, id]) => ({ at, id }));
/** The player's cursors go both ways: [at, id] on to older tracks, [at, id, 'newer'] back to newer ones. */
const ZPlayerCursor = z.union([
  z.tuple([ZKeysetTime, ZTrackId]).transform(([at, id]) => ({ at, id, direction: 'older' as const })),
  z
    .tuple([ZKeysetTime, ZTrackId, z.literal('newer')])
    .transform(([at, id]) => ({ at, id, direction: 'newer' as const })),
]);
/** How many newer tracks the player's first page shows before the opened one (more when few older follow). */
const NEWER_AROUND_INITIAL = 4;
const ZRelatedCursor = z
  .tuple([ZKeysetTime, ZTrackId, z.union([z.literal(1), z.literal(2)])])
  .transform(([at, id, phase]) => ({ at, id, phase }));

function invalidCursor(): AppError {
  return new AppError('INVALID_CURSOR', AUDIO_MESSAGES.invalidCursor, 400, 'b');
}

/** A creator's tracks, newest first: the profile's Audio tab. */
export async function listProfileAudios(options: ListOptions & { username: string }): Promise<TAudiosPage> {
  const cursor = decodeKeysetCursor(options.cursor, ZCreatorCursor, invalidCursor);
  const creator = await findCreator(options);
  const rows = await listCreatorCandidates(options.db, {
    creatorId: creator.id,
    viewerId: options.viewer?.id,
    after: cursor,
    take: AUDIO_PAGE_SIZE + 1,
  });
  return toPage(options, rows, AUDIO_PAGE_SIZE, (last) => [last.cursorAt, last.id]);
}

/**
 * The player's list: the creator's tracks in the profile's order (newest first), so Next
 * and Previous follow what the fan saw. The first page with initialAudioId is the page
 * around that track: up to NEWER_AROUND_INITIAL newer tracks before it (more when few older
 * ones follow), then older ones, AUDIO_PAGE_SIZE in all. On every page, nextPage continues
 * with the older tracks after it and previousPage with the newer ones before it (a page of
 * them again in the list's order); null at either end. Both ways on every page, so a client
 * that reads its pages again from its first one (TanStack's refetch) finds them all.
 */
export async function listPlayerAudios(
  options: ListOptions & { username: string; initialAudioId: string | undefined },
): Promise<TPlayerAudiosPage> {
  const cursor = decodeKeysetCursor(options.cursor, ZPlayerCursor, invalidCursor);
  const creator = await findCreator(options);
  const base = { creatorId: creator.id, viewerId: options.viewer?.id };

  if (cursor?.direction === 'newer') {
    const newer = await listNewerCreatorCandidates(options.db, {
      ...base,
      before: cursor,
      take: AUDIO_PAGE_SIZE + 1,
    });
    const kept = newer.slice(0, AUDIO_PAGE_SIZE).reverse();
    const [newest, oldest] = [kept[0], kept.at(-1)];
    return {
      success: true,
      audios: await readTracks(options, kept),
      // The cursor's own track comes next: there is always an older one.
      nextPage: oldest ? encodeKeysetCursor([oldest.cursorAt, oldest.id]) : null,
      previousPage:
        newer.length > kept.length && newest
          ? encodeKeysetCursor([newest.cursorAt, newest.id, 'newer'])
          : null,
    };
  }
  if (cursor || !options.initialAudioId) {
    const rows = await listCreatorCandidates(options.db, {
      ...base,
      after: cursor,
      take: AUDIO_PAGE_SIZE + 1,
    });
    const page = await toPage(options, rows, AUDIO_PAGE_SIZE, (last) => [last.cursorAt, last.id]);
    // After a cursor, its own track is newer: there is always a newer one.
    const first = cursor ? rows[0] : undefined;
    return { ...page, previousPage: first ? encodeKeysetCursor([first.cursorAt, first.id, 'newer']) : null };
  }

  const initial = await findCreatorCandidate(options.db, { ...base, audioId: options.initialAudioId });
  if (!initial) throw new AppError('NOT_FOUND', AUDIO_MESSAGES.notFound, 404, 'initialAudioId');
  const [newer, older] = await Promise.all([
    listNewerCreatorCandidates(options.db, { ...base, before: toKey(initial), take: AUDIO_PAGE_SIZE }),
    listCreatorCandidates(options.db, { ...base, after: toKey(initial), take: AUDIO_PAGE_SIZE }),
  ]);
  const room = AUDIO_PAGE_SIZE - 1;
  const newerCount = Math.min(newer.length, Math.max(NEWER_AROUND_INITIAL, room - older.length));
  const olderCount = Math.min(older.length, room - newerCount);
  const keptNewer = newer.slice(0, newerCount).reverse();
  const keptOlder = older.slice(0, olderCount);
  const audios = await readTracks(options, [...keptNewer, initial, ...keptOlder]);
  // The gate may still refuse it (a block): the same answer as a track that does not exist.
  if (!audios.some((audio) => audio.audioId === initial.id)) {
    throw new AppError('NOT_FOUND', AUDIO_MESSAGES.notFound, 404, 'initialAudioId');
  }
  const newest = keptNewer[0] ?? initial;
  const oldest = keptOlder.at(-1) ?? initial;
  return {
    success: true,
    audios,
    nextPage: older.length > olderCount ? encodeKeysetCursor([oldest.cursorAt, oldest.id]) : null,
    previousPage:
      newer.length > newerCount ? encodeKeysetCursor([newest.cursorAt, newest.id, 'newer']) : null,
  };
}

/**
 * Tracks related to one: the same creator's tracks of the same genre first, then other
 * creators' of the same genre (blocked ones left out), each part newest first. The cursor
 * says which part it is in.
 */
export async function listRelatedAudios(options: ListOptions & { audioId: string }): Promise<TAudiosPage> {
  const cursor = decodeKeysetCursor(options.cursor, ZRelatedCursor, invalidCursor);
  const { db, viewer } = options;
  const [track] = await loadTracksForViewer({
    db,
    appSecret: options.appSecret,
    viewerId: viewer?.id,
    ids: [options.audioId],
  });
  if (!track) throw new AppError('NOT_FOUND', AUDIO_MESSAGES.notFound, 404, 'a');
  const base = { genre: track.genre, creatorId: track.author.userId, exceptId: track.audioId };
  const take = AUDIO_PAGE_SIZE + 1;

  let candidates: (ItemCandidate & { phase: 1 | 2 })[] = [];
  if (!cursor || cursor.phase === 1) {
    const sameCreator = await listGenreCandidates(db, {
      ...base,
      sameCreator: true,
      viewerId: viewer?.id,
      after: cursor,
      take,
    });
    candidates = sameCreator.map((row) => ({ ...row, phase: 1 as const }));
  }
  if (candidates.length < take) {
    const after = cursor?.phase === 2 ? cursor : null;
    const others = await listGenreCandidates(db, {
      ...base,
      sameCreator: false,
      viewerId: viewer?.id,
      after,
      take: take - candidates.length,
    });
    candidates = [...candidates, ...others.map((row) => ({ ...row, phase: 2 as const }))];
  }
  return toPage(options, candidates, AUDIO_PAGE_SIZE, (last) => [last.cursorAt, last.id, last.phase]);
}

/** A creator's video posts, for the player page's "more from" row (the posts' rules apply). */
export async function listCreatorVideos(
  options: ListOptions & { username: string },
): Promise<TCreatorVideosPage> {
  const page = await listCreatorPosts({
    db: options.db,
    appSecret: options.appSecret,
    viewer: options.viewer,
    viewerId: options.viewer?.id,
    username: options.username,
    cursor: options.cursor,
    limit: AUDIO_PAGE_SIZE,
    type: 'video',
  });
  return { success: true, videos: page.posts, nextPage: page.nextCursor };
}

async function findCreator(options: ListOptions & { username: string }): Promise<UserRow> {
  const creator = await findVisibleProfile({
    db: options.db,
    username: options.username,
    viewer: options.viewer,
  });
  if (!creator) throw new AppError('NOT_FOUND', PROFILE_MESSAGES.profileNotFound, 404, 'a');
  return creator;
}

// Every "order by" says "nulls last" as the indexes do (items/item-lists says why; without
// it, bench:audio-list read 20–180 ms a page at 110,000 tracks, 0.1 ms with it).

const cursorAt = keysetTimeOf(sql`t.created_at`);

/** Tracks (t) with their sound (m), the item's main file in item_media, by its primary key. */
const tracksWithSound = sql`audio_tracks as t
    join item_media as im on im.item_id = t.id and im.role = 'main'
    join media_assets as m on m.public_id = im.media_public_id`;

/** Shown to this viewer: processed, or their own (the author sees tracks still processing). */
function isShownTo(viewerId: string | undefined): SQL {
  return sql`(m.status = 'ready' or t.author_id = ${viewerId ?? ''})`;
}

function toKey(candidate: ItemCandidate): { at: string; id: string } {
  return { at: candidate.cursorAt, id: candidate.id };
}

/** A creator's tracks older than `after` (all of them without it), newest first. */
async function listCreatorCandidates(
  db: Db,
  options: {
    creatorId: string;
    viewerId: string | undefined;
    after: { at: string; id: string } | null;
    take: number;
  },
): Promise<ItemCandidate[]> {
  const result = await db.execute(sql`
    select t.id, ${cursorAt} as "cursorAt"
    from ${tracksWithSound}
    where t.author_id = ${options.creatorId} and ${olderThan(options.after, 't')}
      and ${isShownTo(options.viewerId)}
    order by t.created_at desc nulls last, t.id desc nulls last
    limit ${options.take}`);
  return readRows<ItemCandidate>(result);
}

/**
 * A creator's tracks newer than `before`, the nearest first: the same index read backwards
 * (ascending with nulls first is its exact reverse).
 */
async function listNewerCreatorCandidates(
  db: Db,
  options: {
    creatorId: string;
    viewerId: string | undefined;
    before: { at: string; id: string };
    take: number;
  },
): Promise<ItemCandidate[]> {
  const result = await db.execute(sql`
    select t.id, ${cursorAt} as "cursorAt"
    from ${tracksWithSound}
    where t.author_id = ${options.creatorId}
      and ${newerThan(options.before, 't')}
      and ${isShownTo(options.viewerId)}
    order by t.created_at asc nulls first, t.id asc nulls first
    limit ${options.take}`);
  return readRows<ItemCandidate>(result);
}

/** One of the creator's tracks with its sort key, when it is shown to the viewer. */
async function findCreatorCandidate(
  db: Db,
  options: { creatorId: string; viewerId: string | undefined; audioId: string },
): Promise<ItemCandidate | undefined> {
  const result = await db.execute(sql`
    select t.id, ${cursorAt} as "cursorAt"
    from ${tracksWithSound}
    where t.id = ${options.audioId} and t.author_id = ${options.creatorId}
      and ${isShownTo(options.viewerId)}`);
  return readRows<ItemCandidate>(result)[0];
}

async function listGenreCandidates(
  db: Db,
  options: {
    genre: string;
    creatorId: string;
    exceptId: string;
    sameCreator: boolean;
    viewerId: string | undefined;
    after: { at: string; id: string } | null;
    take: number;
  },
): Promise<ItemCandidate[]> {
  const byCreator = options.sameCreator
    ? sql`t.author_id = ${options.creatorId}`
    : sql`t.author_id <> ${options.creatorId} and not ${blockedEitherWayCondition(options.viewerId, sql`t.author_id`)}`;
  const result = await db.execute(sql`
    select t.id, ${cursorAt} as "cursorAt"
    from ${tracksWithSound}
    where t.genre = ${options.genre} and ${byCreator} and t.id <> ${options.exceptId}
      and ${olderThan(options.after, 't')} and ${isShownTo(options.viewerId)}
    order by t.created_at desc nulls last, t.id desc nulls last
    limit ${options.take}`);
  return readRows<ItemCandidate>(result);
}

/** Reads the page's tracks through the gate; nextPage when there was one row more than a page. */
async function toPage<Row extends ItemCandidate>(
  options: ListOptions,
  rows: readonly Row[],
  size: number,
  keyOf: (last: Row) => unknown,
): Promise<TAudiosPage> {
  const page = await readKeysetPage(rows, size, (ids) =>
    loadTracksForViewer({ db: options.db, appSecret: options.appSecret, viewerId: options.viewer?.id, ids }),
  );
  return {
    success: true,
    audios: page.entries,
    nextPage: page.nextAfter ? encodeKeysetCursor(keyOf(page.nextAfter)) : null,
  };
}

/** The rows' tracks through the gate, in the rows' order. */
function readTracks(options: ListOptions, rows: readonly ItemCandidate[]): Promise<TAudio[]> {
  return loadTracksForViewer({
    db: options.db,
    appSecret: options.appSecret,
    viewerId: options.viewer?.id,
    ids: rows.map((row) => row.id),
  });
}
