import fs from 'node:fs';
import path from 'node:path';
import { MEDIA_MESSAGES } from '@stagepass/contract/media';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mediaAssets, users } from '../../db/schema/index.ts';
import { insertPostMedia, makeImage, signUpUploader, uploadFile } from '../../test/factories/media.ts';
import { setAvatar } from '../../test/factories/people.ts';
import { setupTestApp } from '../../test/test-app.ts';

const testApp = setupTestApp();

async function accountWithUpload() {
  const account = await signUpUploader(testApp.app);
  const asset = (await uploadFile(testApp.app, account.cookie, { data: await makeImage('png') })).json();
  return {
    ...account,
    asset: asset as { public_id: string; secure_url: string; variants: Record<string, string> },
  };
}

const deleteAsset = (cookie: string, publicId: string) =>
  testApp.app.inject({ method: 'DELETE', url: `/api/media/${publicId}`, headers: { cookie } });

const assetRows = (publicId: string) =>
  testApp.app.db.select().from(mediaAssets).where(eq(mediaAssets.publicId, publicId));

describe('DELETE /api/media/:publicId', () => {
  it('lets the owner delete the asset: its files and its row go', async () => {
    const { cookie, asset } = await accountWithUpload();
    const response = await deleteAsset(cookie, asset.public_id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: MEDIA_MESSAGES.deleted });
    for (const url of Object.values(asset.variants)) {
      expect((await testApp.app.inject(url)).statusCode).toBe(404);
    }
    expect(await assetRows(asset.public_id)).toEqual([]);
    expect(fs.existsSync(path.join(testApp.config.dataDir, 'media', asset.public_id))).toBe(false);
  });

  it('removes every file of a video, its streaming folder included', async () => {
    const { id, cookie } = await signUpUploader(testApp.app);
    const { publicId, keys } = await insertPostMedia(testApp.app, id, { kind: 'video' });
    expect(keys.filter((key) => key.startsWith(`${publicId}/hls/`)).length).toBeGreaterThan(3);
    expect((await deleteAsset(cookie, publicId)).statusCode).toBe(200);
    for (const key of keys) expect(await testApp.app.mediaStore.stat(key), key).toBeNull();
    expect(fs.existsSync(path.join(testApp.config.dataDir, 'media', publicId))).toBe(false);
  });

  it("answers 404 for someone else's asset, as for an unknown one, and keeps it", async () => {
    const { asset } = await accountWithUpload();
    const stranger = await signUpUploader(testApp.app);
    for (const publicId of [asset.public_id, 'A'.repeat(20), 'not-an-id']) {
      const response = await deleteAsset(stranger.cookie, publicId);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        success: false,
        code: 'NOT_FOUND',
        message: MEDIA_MESSAGES.notFound,
      });
    }
    expect((await testApp.app.inject(asset.secure_url)).statusCode).toBe(200);
    expect(await assetRows(asset.public_id)).toHaveLength(1);
  });

  it('clears the avatar when the deleted asset is the current one', async () => {
    const { id, email, cookie, asset } = await accountWithUpload();
    await setAvatar(testApp.app.db, id, asset.public_id);
    expect((await deleteAsset(cookie, asset.public_id)).statusCode).toBe(200);
    const [user] = await testApp.app.db.select().from(users).where(eq(users.email, email));
    expect(user?.avatarPublicId).toBeNull();
  });

  it('keeps the avatar when another asset is deleted', async () => {
    const { id, email, cookie, asset } = await accountWithUpload();
    const other = (await uploadFile(testApp.app, cookie, { data: await makeImage('jpeg') })).json();
    await setAvatar(testApp.app.db, id, asset.public_id);
    expect((await deleteAsset(cookie, other.public_id)).statusCode).toBe(200);
    const [user] = await testApp.app.db.select().from(users).where(eq(users.email, email));
    expect(user?.avatarPublicId).toBe(asset.public_id);
  });

  it('needs a signed-in account', async () => {
    const { asset } = await accountWithUpload();
    expect((await deleteAsset('', asset.public_id)).statusCode).toBe(401);
    expect(await assetRows(asset.public_id)).toHaveLength(1);
  });
});
