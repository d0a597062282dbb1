import {
  type TCreateVideoRequest,
  type TVideo,
  type TVideoVisibility,
  VIDEO_ID_LENGTH,
} from '@stagepass/contract/video';
import type { App } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { itemMedia, items, videos } from '../../db/schema/index.ts';
import { createId } from '../../lib/ids.ts';
import { insertPostMedia } from './media.ts';
import type { TestPerson } from './people.ts';

type PublishOptions = {
  title?: string;
  visibility?: TVideoVisibility;
  price?: number;
  seriesId?: string;
  status?: 'processing' | 'ready' | 'failed';
  withCover?: boolean;
};

/**
 * A video published through the API over a video asset as media processing leaves it (files
 * in the store and rows: insertPostMedia), so tests of the video rules need no ffmpeg.
 * Tests of processing upload real files instead.
 */
export async function publishVideo(
  app: App,
  creator: TestPerson,
  options: PublishOptions = {},
): Promise<TVideo> {
  const file = await insertPostMedia(app, creator.id, { kind: 'video', status: options.status ?? 'ready' });
  return createVideoAs(app, creator, {
    type: 'video',
    title: options.title ?? 'Lusaka at night',
    video_asset: { public_id: file.publicId },
    seriesId: options.seriesId ?? null,
    ...(await coverAndTerms(app, creator, options)),
  });
}

/** A series (no file of its own) published through the API. */
export async function publishSeries(
  app: App,
  creator: TestPerson,
  options: PublishOptions = {},
): Promise<TVideo> {
  return createVideoAs(app, creator, {
    type: 'series',
    title: options.title ?? 'Cooking with Chanda',
    ...(await coverAndTerms(app, creator, options)),
  });
}

async function coverAndTerms(app: App, creator: TestPerson, options: PublishOptions) {
  const cover = options.withCover ? await insertPostMedia(app, creator.id, { kind: 'image' }) : null;
  const visibility = options.visibility ?? 'everyone';
  return {
    cover_asset: cover ? { public_id: cover.publicId } : null,
    visibility,
    price: visibility === 'pay-to-unlock' ? (options.price ?? 500) : null,
  };
}

async function createVideoAs(app: App, creator: TestPerson, payload: TCreateVideoRequest): Promise<TVideo> {
  const answer = await app.inject({
    method: 'POST',
    url: '/api/video/create',
    headers: { cookie: creator.cookie },
    payload,
  });
  if (answer.statusCode !== 201) throw new Error(`createVideo: ${answer.statusCode} ${answer.body}`);
  return answer.json().video as TVideo;
}

export type VideoRowInput = {
  id?: string;
  authorId: string;
  kind: 'video' | 'series';
  title: string;
  description?: string;
  /** The video's upload (none for a series). */
  filePublicId?: string | null;
  visibility?: TVideoVisibility;
  /** Ngwee; only for pay-to-unlock (the database checks it). */
  price?: number | null;
  parentId?: string | null;
  position?: number | null;
  createdAt: Date;
};

/** Video and series rows written straight to the tables, item first (the demo seed's, back-dated): their ids. */
export async function insertVideoRows(db: Db, rows: readonly VideoRowInput[]): Promise<string[]> {
  const values = rows.map((row) => ({ ...row, id: row.id ?? createId(VIDEO_ID_LENGTH) }));
  if (values.length === 0) return [];
  await db.insert(items).values(
    values.map((row) => ({
      id: row.id,
      kind: row.kind,
      creatorId: row.authorId,
      visibility: row.visibility ?? ('everyone' as const),
      price: row.price ?? null,
      parentId: row.parentId ?? null,
      position: row.position ?? null,
      createdAt: row.createdAt,
      publishedAt: row.createdAt,
    })),
  );
  await db.insert(videos).values(
    values.map((row) => ({
      id: row.id,
      authorId: row.authorId,
      title: row.title,
      description: row.description ?? '',
      createdAt: row.createdAt,
    })),
  );
  const files = values.flatMap((row) =>
    row.filePublicId ? [{ itemId: row.id, role: 'main' as const, mediaPublicId: row.filePublicId }] : [],
  );
  if (files.length > 0) await db.insert(itemMedia).values(files);
  return values.map((row) => row.id);
}
