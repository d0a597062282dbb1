import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { itemMedia, posts } from '../../db/schema/index.ts';
import { publishTrack } from '../../test/factories/audio.ts';
import { insertPostMedia } from '../../test/factories/media.ts';
import { createPerson, type TestPerson } from '../../test/factories/people.ts';
import { createPostAs } from '../../test/factories/posts.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { issueMediaUrls } from '../media/media-urls.service.ts';
import { findItemHoldingMedia, readItemMedia } from './item-media.service.ts';
import { deleteItem } from './items.service.ts';

// The media an item uses lives once, in item_media (decision 023): media finds an upload's
// item there to decide who may fetch its files, and an item takes its rows with it.

const testApp = setupTestApp({ env: { JOB_CONCURRENCY: '0' } });

/** A photo post of the creator, through the API, over a processed upload: its id and the upload's. */
async function publishPhoto(creator: TestPerson, visibility: 'everyone' | 'subscribers') {
  const { app } = testApp;
  const photo = await insertPostMedia(app, creator.id, { kind: 'image' });
  const answer = await createPostAs(app, creator.cookie, {
    type: 'photo',
    description: 'A photo from the studio',
    visibility,
    postAssets: { image: { public_id: photo.publicId } },
  });
  if (answer.statusCode !== 201) throw new Error(answer.body);
  return { postId: answer.json().newPost.postId as string, publicId: photo.publicId };
}

const fetchUnsigned = (key: string) => testApp.app.inject(`/media/${key}`);

describe('item media', () => {
  it('finds an upload by the item that holds it, and opens its files as the item allows', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);

    // A public item's file opens to anybody.
    const open = await publishPhoto(creator, 'everyone');
    expect(await findItemHoldingMedia(app.db, open.publicId)).toEqual({
      itemId: open.postId,
      kind: 'post',
      role: 'main',
      creatorId: creator.id,
      visibility: 'everyone',
      status: 'published',
    });
    expect(await readItemMedia(app.db, open.postId)).toEqual({ main: open.publicId });
    expect((await fetchUnsigned(`${open.publicId}/post.webp`)).statusCode).toBe(200);

    // A pass holders' item's file needs a signed address.
    const locked = await publishPhoto(creator, 'subscribers');
    expect(await findItemHoldingMedia(app.db, locked.publicId)).toMatchObject({
      itemId: locked.postId,
      visibility: 'subscribers',
    });
    expect((await fetchUnsigned(`${locked.publicId}/post.webp`)).statusCode).toBe(403);
    const signed = await issueMediaUrls({
      db: app.db,
      appSecret: testApp.config.appSecret,
      viewerId: creator.id,
      publicId: locked.publicId,
    });
    const signedUrl = signed?.urls.post;
    expect(signedUrl).toMatch(/\?/);
    expect((await app.inject({ url: signedUrl!, headers: { cookie: creator.cookie } })).statusCode).toBe(200);

    // A pass holders' track: its cover opens to all, and its sound's preview and waveform
    // (an audio item's main file), but not the sound itself.
    const track = await publishTrack(app, creator, { visibility: 'subscribers', withCover: true });
    const sound = track.audio_asset.public_id;
    const cover = track.cover_asset!.public_id;
    expect(await readItemMedia(app.db, track.audioId)).toEqual({ main: sound, cover });
    expect(await findItemHoldingMedia(app.db, cover)).toMatchObject({
      itemId: track.audioId,
      kind: 'audio',
      role: 'cover',
    });
    expect((await fetchUnsigned(`${cover}/post.webp`)).statusCode).toBe(200);
    expect((await fetchUnsigned(`${sound}/preview.m4a`)).statusCode).toBe(200);
    expect((await fetchUnsigned(`${sound}/waveform.json`)).statusCode).toBe(200);
    expect((await fetchUnsigned(`${sound}/audio.m4a`)).statusCode).toBe(403);

    // An upload nobody holds yet is nobody's item, and opens to nobody unsigned.
    const loose = await insertPostMedia(app, creator.id, { kind: 'image' });
    expect(await findItemHoldingMedia(app.db, loose.publicId)).toBeUndefined();
    expect((await fetchUnsigned(`${loose.publicId}/post.webp`)).statusCode).toBe(403);
  });

  it('goes with its item, and an asset deleted on its own leaves a post without its photo', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const gone = await publishPhoto(creator, 'everyone');
    expect(await deleteItem(app.db, { itemId: gone.postId, creatorId: creator.id })).toBe(true);
    expect(await app.db.select().from(itemMedia).where(eq(itemMedia.itemId, gone.postId))).toEqual([]);
    expect(await findItemHoldingMedia(app.db, gone.publicId)).toBeUndefined();

    // Deleting the photo leaves the post (as text, the read shows it without media).
    const kept = await publishPhoto(creator, 'everyone');
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/media/${kept.publicId}`,
      headers: { cookie: creator.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await app.db.select({ id: posts.id }).from(posts).where(eq(posts.id, kept.postId))).toEqual([
      { id: kept.postId },
    ]);
    expect(await readItemMedia(app.db, kept.postId)).toEqual({});
  });
});
