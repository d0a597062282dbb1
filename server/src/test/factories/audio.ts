import {
  AUDIO_ID_LENGTH,
  type TAudio,
  type TAudioVisibility,
  type TCreateAudioRequest,
} from '@stagepass/contract/audio';
import type { App } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { audioTracks, itemMedia, items } from '../../db/schema/index.ts';
import { createId } from '../../lib/ids.ts';
import { insertPostMedia } from './media.ts';
import type { TestPerson } from './people.ts';

/**
 * A track published through the API, over an audio asset (and a cover) as media processing
 * leaves them: files in the store and rows (insertPostMedia), so tests of the audio rules
 * need no ffmpeg. Tests of processing upload real files instead.
 */
export async function publishTrack(
  app: App,
  creator: TestPerson,
  options: {
    title?: string;
    genre?: TCreateAudioRequest['genre'];
    visibility?: TAudioVisibility;
    price?: number;
    withCover?: boolean;
    status?: 'processing' | 'ready' | 'failed';
  } = {},
): Promise<TAudio> {
  const audio = await insertPostMedia(app, creator.id, { kind: 'audio', status: options.status ?? 'ready' });
  const cover = options.withCover ? await insertPostMedia(app, creator.id, { kind: 'image' }) : null;
  const visibility = options.visibility ?? 'everyone';
  const answer = await app.inject({
    method: 'POST',
    url: '/api/audio/create',
    headers: { cookie: creator.cookie },
    payload: {
      title: options.title ?? 'Kalindula at dawn',
      genre: options.genre ?? 'Kalindula',
      audio_asset: { public_id: audio.publicId },
      cover_asset: cover ? { public_id: cover.publicId } : null,
      visibility,
      price: visibility === 'pay-to-unlock' ? (options.price ?? 500) : null,
    },
  });
  if (answer.statusCode !== 201) throw new Error(`publishTrack: ${answer.statusCode} ${answer.body}`);
  return answer.json().audio as TAudio;
}

type TrackRowInput = Omit<typeof audioTracks.$inferInsert, 'id' | 'createdAt'> & {
  id?: string;
  createdAt: Date;
  /** The sound and the picture: the item's main file and cover (item_media). */
  audioPublicId: string;
  coverPublicId?: string | null;
  visibility?: 'everyone' | 'subscribers' | 'pay-to-unlock';
  /** Ngwee; only for pay-to-unlock (the database checks it). */
  price?: number | null;
};

/** Track rows written straight to the tables, item first (the demo seed's, back-dated): their ids. */
export async function insertTrackRows(db: Db, rows: readonly TrackRowInput[]): Promise<string[]> {
  const values = rows.map(({ visibility, price, ...row }) => ({
    ...row,
    id: row.id ?? createId(AUDIO_ID_LENGTH),
    visibility: visibility ?? ('everyone' as const),
    price: price ?? null,
  }));
  if (values.length === 0) return [];
  await db.insert(items).values(
    values.map((row) => ({
      id: row.id,
      kind: 'audio' as const,
      creatorId: row.authorId,
      visibility: row.visibility,
      price: row.price,
      createdAt: row.createdAt,
      publishedAt: row.createdAt,
    })),
  );
  await db
    .insert(audioTracks)
    .values(
      values.map(({ visibility: _, price: __, audioPublicId: ___, coverPublicId: ____, ...row }) => row),
    );
  await db
    .insert(itemMedia)
    .values(
      values.flatMap((row) => [
        { itemId: row.id, role: 'main' as const, mediaPublicId: row.audioPublicId },
        ...(row.coverPublicId
          ? [{ itemId: row.id, role: 'cover' as const, mediaPublicId: row.coverPublicId }]
          : []),
      ]),
    );
  return values.map((value) => value.id);
}
