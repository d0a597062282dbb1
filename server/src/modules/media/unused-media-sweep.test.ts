import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { mediaAssets } from '../../db/schema/index.ts';
import { runScheduleNow } from '../../jobs/test-jobs.ts';
import { createId } from '../../lib/ids.ts';
import { publishTrack } from '../../test/factories/audio.ts';
import { insertPostMedia } from '../../test/factories/media.ts';
import { createPerson, setAvatar } from '../../test/factories/people.ts';
import { createPostAs } from '../../test/factories/posts.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { deleteUnusedMedia, UNUSED_MEDIA_GRACE_MS } from './unused-media-sweep.ts';
import { measureUsedSpace } from './upload-admission.ts';

const testApp = setupTestApp();

describe('the sweep of unused uploads', () => {
  it('deletes uploads unused for a day with their files, and keeps published, avatar and recent ones', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const published = await insertPostMedia(app, creator.id);
    const abandoned = await insertPostMedia(app, creator.id, { kind: 'video' });
    const fresh = await insertPostMedia(app, creator.id);
    const avatar = await insertPostMedia(app, creator.id, { purpose: 'avatar' });
    const unsavedAvatar = await insertPostMedia(app, creator.id, { purpose: 'avatar' });
    await setAvatar(app.db, creator.id, avatar.publicId);
    const answer = await createPostAs(app, creator.cookie, {
      type: 'photo',
      description: 'Published',
      postAssets: { image: { public_id: published.publicId } },
    });
    expect(answer.statusCode).toBe(201);
    // Everything but `fresh` was uploaded two days ago.
    const twoDaysAgo = new Date(Date.now() - 2 * UNUSED_MEDIA_GRACE_MS);
    const old = [published, abandoned, avatar, unsavedAvatar].map((asset) => asset.publicId);
    await app.db.update(mediaAssets).set({ createdAt: twoDaysAgo }).where(inArray(mediaAssets.publicId, old));

    expect(await deleteUnusedMedia({ db: app.db, mediaStore: app.mediaStore, log: app.log })).toBe(2);

    const left = await app.db.select({ publicId: mediaAssets.publicId }).from(mediaAssets);
    const leftIds = left.map((asset) => asset.publicId);
    expect(leftIds).toEqual(expect.arrayContaining([published.publicId, fresh.publicId, avatar.publicId]));
    expect(leftIds).not.toContain(abandoned.publicId);
    expect(leftIds).not.toContain(unsavedAvatar.publicId);
    for (const key of [...abandoned.keys, ...unsavedAvatar.keys])
      expect(await app.mediaStore.stat(key)).toBeNull();
    for (const key of published.keys) expect(await app.mediaStore.stat(key)).not.toBeNull();

    // A second sweep finds nothing more.
    expect(await deleteUnusedMedia({ db: app.db, mediaStore: app.mediaStore, log: app.log })).toBe(0);
  });

  it("keeps a published track's audio file and cover, and counts them as used in the quota", async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const track = await publishTrack(app, creator, { withCover: true });
    const trackAssets = [track.audio_asset.public_id, track.cover_asset?.public_id ?? ''];
    const twoDaysAgo = new Date(Date.now() - 2 * UNUSED_MEDIA_GRACE_MS);
    await app.db
      .update(mediaAssets)
      .set({ createdAt: twoDaysAgo })
      .where(inArray(mediaAssets.publicId, trackAssets));

    await deleteUnusedMedia({ db: app.db, mediaStore: app.mediaStore, log: app.log });

    const left = await app.db
      .select({ publicId: mediaAssets.publicId })
      .from(mediaAssets)
      .where(inArray(mediaAssets.publicId, trackAssets));
    expect(left).toHaveLength(2);
    expect(await measureUsedSpace(app.db, creator.id)).toBe(0);
    const answer = await app.inject({ url: `/api/audio/fetch-audio/${track.audioId}` });
    expect(answer.statusCode).toBe(200);
  });

  it('removes store folders no asset names once older than the grace period, and no others', async () => {
    const { app, config } = testApp;
    const creator = await createPerson(app);
    const asset = await insertPostMedia(app, creator.id, { kind: 'video' });
    // Files whose asset row was never written (a server killed in between) or is gone.
    const stale = createId();
    const fresh = createId();
    await app.mediaStore.put(`${stale}/original.mp4`, Buffer.from('left by a crash'), {
      contentType: 'video/mp4',
    });
    await app.mediaStore.put(`${stale}/video.mp4`, Buffer.from('left by a crash'), {
      contentType: 'video/mp4',
    });
    await app.mediaStore.put(`${fresh}/original.mp4`, Buffer.from('being uploaded'), {
      contentType: 'video/mp4',
    });
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    for (const key of [`${stale}/original.mp4`, `${stale}/video.mp4`, ...asset.keys]) {
      fs.utimesSync(path.join(config.dataDir, 'media', key), twoHoursAgo, twoHoursAgo);
    }

    // The hourly sweep, as the app's job engine runs it.
    const run = await runScheduleNow(app, 'sweep-unused-media');
    expect(run.lastError).toBeNull();
    expect(await app.mediaStore.stat(`${stale}/original.mp4`)).toBeNull();
    expect(fs.existsSync(path.join(config.dataDir, 'media', stale))).toBe(false);
    // Younger than an hour: maybe an upload whose row is being written now.
    expect(await app.mediaStore.stat(`${fresh}/original.mp4`)).not.toBeNull();
    for (const key of asset.keys) expect(await app.mediaStore.stat(key)).not.toBeNull();
  });

  it("removes the store's temporary files a crash left once older than the grace period, never a write in progress", async () => {
    const { app, config } = testApp;
    const incoming = path.join(config.dataDir, 'media', '.incoming');
    // What a server killed while storing files leaves: temporary files under their random names.
    const stale = path.join(incoming, `${createId(16)}.tmp`);
    const recent = path.join(incoming, `${createId(16)}.tmp`);
    fs.writeFileSync(stale, Buffer.alloc(64 * 1024, 1));
    fs.writeFileSync(recent, Buffer.alloc(64 * 1024, 2));
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    fs.utimesSync(stale, twoHoursAgo, twoHoursAgo);

    // A write of this server in progress, its temporary file quiet for longer than the grace.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const key = `${createId()}/original.mp4`;
    const writing = app.mediaStore.put(
      key,
      Readable.from(
        (async function* () {
          yield Buffer.alloc(1024, 3);
          await held;
          yield Buffer.alloc(1024, 4);
        })(),
      ),
      { contentType: 'video/mp4' },
    );
    const inProgress = await vi.waitFor(() => {
      const [name] = fs
        .readdirSync(incoming)
        .filter((entry) => ![stale, recent].includes(path.join(incoming, entry)));
      expect(name).toBeDefined();
      return path.join(incoming, name!);
    });
    fs.utimesSync(inProgress, twoHoursAgo, twoHoursAgo);

    const run = await runScheduleNow(app, 'sweep-unused-media');
    expect(run.lastError).toBeNull();
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(recent)).toBe(true);
    expect(fs.existsSync(inProgress)).toBe(true);
    release();
    expect(await writing).toEqual({ bytes: 2048 });
    expect((await app.mediaStore.stat(key))?.size).toBe(2048);
    fs.rmSync(recent);
  });
});
