import { AUDIO_MESSAGES, type TAudio } from '@stagepass/contract/audio';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { audioTracks, itemReactions, itemViews, mediaAssets } from '../../db/schema/index.ts';
import { publishTrack } from '../../test/factories/audio.ts';
import { createPerson, type TestPerson } from '../../test/factories/people.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { fetchAudioAs, readAudioAs } from './audio.test-support.ts';

const testApp = setupTestApp();

function deleteTrackAs(app: App, person: TestPerson, username: string, audioId: string, publicId: string) {
  return app.inject({
    method: 'POST',
    url: `/api/audio/delete_audio/${username}/${audioId}`,
    headers: { cookie: person.cookie },
    payload: { public_id: publicId },
  });
}

function deleteAssetAs(app: App, person: TestPerson, audioId: string, publicId: string) {
  return app.inject({
    method: 'POST',
    url: `/api/audio/delete_asset/${audioId}`,
    headers: { cookie: person.cookie },
    payload: { public_id: publicId },
  });
}

/** Every stored key of an asset, as its row lists them (the original included). */
async function keysOf(app: App, publicId: string): Promise<string[]> {
  const [row] = await app.db.select().from(mediaAssets).where(eq(mediaAssets.publicId, publicId));
  if (!row) throw new Error(`no asset ${publicId}`);
  return Object.values(row.variants);
}

async function expectFilesGone(app: App, keys: readonly string[]) {
  expect(keys.length).toBeGreaterThan(0);
  for (const key of keys) expect(await app.mediaStore.stat(key), key).toBeNull();
}

async function expectFilesThere(app: App, keys: readonly string[]) {
  for (const key of keys) expect(await app.mediaStore.stat(key), key).not.toBeNull();
}

async function publishWithCover(app: App, creator: TestPerson): Promise<TAudio> {
  return publishTrack(app, creator, { withCover: true });
}

describe('delete_audio', () => {
  it('refuses a public_id that is not the track’s audio, and anyone but the author', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const other = await createPerson(app);
    const track = await publishWithCover(app, creator);
    const audioPublicId = track.audio_asset.public_id;

    const mismatch = await deleteTrackAs(
      app,
      creator,
      creator.username,
      track.audioId,
      track.cover_asset!.public_id,
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ success: false, message: AUDIO_MESSAGES.publicIdMismatch });

    // Another user, naming the author or themselves in the path.
    for (const username of [creator.username, other.username]) {
      const answer = await deleteTrackAs(app, other, username, track.audioId, audioPublicId);
      expect(answer.statusCode, username).toBe(403);
      expect(answer.json().message).toBe(AUDIO_MESSAGES.authorOnly);
    }
    expect((await fetchAudioAs(app, undefined, track.audioId)).statusCode).toBe(200);
    await expectFilesThere(app, await keysOf(app, audioPublicId));
  });

  it('deletes the track with its files and rows, for its author', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createPerson(app, { role: 'fan' });
    const track = await publishWithCover(app, creator);
    const kept = await publishTrack(app, creator);
    const audioPublicId = track.audio_asset.public_id;
    const coverPublicId = track.cover_asset!.public_id;
    const keys = [...(await keysOf(app, audioPublicId)), ...(await keysOf(app, coverPublicId))];
    expect(keys).toEqual(
      expect.arrayContaining([
        `${audioPublicId}/audio.m4a`,
        `${audioPublicId}/preview.m4a`,
        `${coverPublicId}/post.webp`,
      ]),
    );
    await app.inject({
      method: 'PUT',
      url: `/api/audio/audio_reactions/${track.audioId}/likes/love`,
      headers: { cookie: fan.cookie },
    });
    await app.inject({
      method: 'PUT',
      url: `/api/audio/audio_reactions/${track.audioId}/audio_views`,
      headers: { cookie: fan.cookie },
      payload: { value: 40 },
    });

    // The username is accepted without its '@' too.
    const answer = await deleteTrackAs(app, creator, creator.username.slice(1), track.audioId, audioPublicId);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ success: true, message: AUDIO_MESSAGES.trackDeleted });

    for (const viewer of [creator, fan, undefined]) {
      expect((await fetchAudioAs(app, viewer, track.audioId)).statusCode).toBe(404);
    }
    await expectFilesGone(app, keys);
    const assetRows = await app.db
      .select()
      .from(mediaAssets)
      .where(inArray(mediaAssets.publicId, [audioPublicId, coverPublicId]));
    expect(assetRows).toEqual([]);
    expect(await app.db.select().from(itemReactions).where(eq(itemReactions.itemId, track.audioId))).toEqual(
      [],
    );
    expect(await app.db.select().from(itemViews).where(eq(itemViews.itemId, track.audioId))).toEqual([]);
    // The file addresses answer like missing files.
    expect((await app.inject(`/media/${audioPublicId}/preview.m4a`)).statusCode).toBe(404);

    // The creator's other track is untouched; a second delete finds nothing.
    expect((await fetchAudioAs(app, undefined, kept.audioId)).statusCode).toBe(200);
    const again = await deleteTrackAs(app, creator, creator.username, track.audioId, audioPublicId);
    expect(again.statusCode).toBe(404);
  });
});

describe('delete_asset', () => {
  it('removes the cover from the track and the store', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const track = await publishWithCover(app, creator);
    const coverPublicId = track.cover_asset!.public_id;
    const coverKeys = await keysOf(app, coverPublicId);
    const audioKeys = await keysOf(app, track.audio_asset.public_id);

    const answer = await deleteAssetAs(app, creator, track.audioId, coverPublicId);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ success: true, message: AUDIO_MESSAGES.coverDeleted });

    const after = await readAudioAs(app, creator, track.audioId);
    expect(after.cover_asset).toBeNull();
    expect(after.audio_asset.status).toBe('ready');
    await expectFilesGone(app, coverKeys);
    await expectFilesThere(app, audioKeys);
    expect(await app.db.select().from(mediaAssets).where(eq(mediaAssets.publicId, coverPublicId))).toEqual(
      [],
    );
  });

  it('refuses the audio itself (409), a file not of the track, and anyone but the author', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const other = await createPerson(app);
    const track = await publishWithCover(app, creator);
    const otherTrack = await publishWithCover(app, creator);

    const audio = await deleteAssetAs(app, creator, track.audioId, track.audio_asset.public_id);
    expect(audio.statusCode).toBe(409);
    expect(audio.json()).toMatchObject({ success: false, message: AUDIO_MESSAGES.audioAssetNeeded });

    const notOnTrack = await deleteAssetAs(app, creator, track.audioId, otherTrack.cover_asset!.public_id);
    expect(notOnTrack.statusCode).toBe(400);
    expect(notOnTrack.json().message).toBe(AUDIO_MESSAGES.assetNotOnTrack);

    const byOther = await deleteAssetAs(app, other, track.audioId, track.cover_asset!.public_id);
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().message).toBe(AUDIO_MESSAGES.authorOnly);

    // Nothing was removed.
    for (const kept of [track, otherTrack]) {
      const audioNow = await readAudioAs(app, creator, kept.audioId);
      expect(audioNow.cover_asset?.public_id).toBe(kept.cover_asset!.public_id);
      await expectFilesThere(app, await keysOf(app, kept.audio_asset.public_id));
      await expectFilesThere(app, await keysOf(app, kept.cover_asset!.public_id));
    }
  });
});

describe('DELETE /api/media/:publicId of a track’s audio', () => {
  it('deletes the track with it', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const track = await publishWithCover(app, creator);
    const audioKeys = await keysOf(app, track.audio_asset.public_id);

    const answer = await app.inject({
      method: 'DELETE',
      url: `/api/media/${track.audio_asset.public_id}`,
      headers: { cookie: creator.cookie },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await fetchAudioAs(app, creator, track.audioId)).statusCode).toBe(404);
    expect(await app.db.select().from(audioTracks).where(eq(audioTracks.id, track.audioId))).toEqual([]);
    await expectFilesGone(app, audioKeys);
  });

  it('leaves the track without a cover when the cover is deleted', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const track = await publishWithCover(app, creator);
    const answer = await app.inject({
      method: 'DELETE',
      url: `/api/media/${track.cover_asset!.public_id}`,
      headers: { cookie: creator.cookie },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await readAudioAs(app, undefined, track.audioId)).cover_asset).toBeNull();
  });
});
