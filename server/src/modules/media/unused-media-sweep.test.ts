import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mediaAssets, users } from '../../db/schema/index.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { createPerson, createPostAs, insertPostMedia } from '../posts/test-posts.ts';
import { deleteUnusedMedia, UNUSED_MEDIA_GRACE_MS } from './unused-media-sweep.ts';

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
    await app.db.update(users).set({ avatarPublicId: avatar.publicId }).where(eq(users.id, creator.id));
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
});
