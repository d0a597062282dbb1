import { PROFILE_MESSAGES } from '@stagepass/contract/profiles';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mediaAssets } from '../../db/schema/index.ts';
import { insertAvatarAsset } from '../../test/factories/media.ts';
import { createCreator, createFan, findUserId, signUpAccount } from '../../test/factories/people.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { profileForm } from './test-profiles.ts';
import { AVATAR_NOT_FOUND_MESSAGE } from './update-profile.service.ts';

const testApp = setupTestApp();
const saveProfile = (cookie: string, payload: object) =>
  testApp.app.inject({ method: 'PUT', url: '/api/users/profile', headers: { cookie }, payload });
const getProfile = (username: string, cookie = '') =>
  testApp.app.inject({ url: `/api/users/${username}`, headers: cookie ? { cookie } : {} });

describe('PUT /api/users/profile', () => {
  it('saves every field and answers the profile as its owner sees it', async () => {
    const creator = await createCreator(testApp.app);
    const newUsername = `${creator.username.slice(1)}_new`;
    const response = await saveProfile(
      creator.cookie,
      profileForm(creator, {
        name: '  Chanda Mulenga ',
        username: `@${newUsername.toUpperCase()}`,
        gender: 'male',
        country: 'ZW',
        cartegory: 'comedian',
        bio: 'Jokes on Fridays',
        birthday: '1988-12-24',
        about: 'Stand-up from Harare.',
        phone: '+263 (77) 123-4567',
      }),
    );
    expect(response.statusCode).toBe(200);
    const { success, profile } = response.json();
    expect(success).toBe(true);
    expect(profile).toMatchObject({
      name: 'Chanda Mulenga',
      username: `@${newUsername}`,
      profileInteraction: 'AUTHOR',
      gender: 'male',
      country: { code: 'ZW', name: 'Zimbabwe' },
      account_type: { name: 'creator', cartegory: 'comedian' },
      bio: 'Jokes on Fridays',
      birthday: '1988-12-24',
      about: 'Stand-up from Harare.',
      phone: '+263771234567',
    });
    // The profile now lives at the new name only.
    expect((await getProfile(`@${newUsername}`)).json().name).toBe('Chanda Mulenga');
    expect((await getProfile(creator.username)).statusCode).toBe(404);
  });

  it('refuses a username someone else has, ignoring case, as sign-up does', async () => {
    const first = await signUpAccount(testApp.app);
    const second = await createFan(testApp.app);
    const response = await saveProfile(
      second.cookie,
      profileForm(second, { username: first.username.toUpperCase() }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      code: 'USERNAME_TAKEN',
      message: `The Username '${first.username}' is not available`,
    });
    // Keeping one's own username, typed in another case, is no conflict.
    const own = await saveProfile(
      second.cookie,
      profileForm(second, { username: second.username.toUpperCase() }),
    );
    expect(own.statusCode).toBe(200);
  });

  it("needs a category from a creator: 'Cartegory is required!'", async () => {
    const creator = await createCreator(testApp.app, { cartegory: 'dancer' });
    const response = await saveProfile(creator.cookie, profileForm(creator, { cartegory: null }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: PROFILE_MESSAGES.categoryRequired,
      field: 'cartegory',
    });
    expect((await getProfile(creator.username)).json().account_type.cartegory).toBe('dancer');
  });

  it('gives a fan no category even when one is sent', async () => {
    const fan = await createFan(testApp.app);
    const response = await saveProfile(fan.cookie, profileForm(fan, { cartegory: 'writer' }));
    expect(response.statusCode).toBe(200);
    expect(response.json().profile.account_type).toEqual({ name: 'fan', tools: 'none', cartegory: null });
  });

  it('limits the bio to 100 characters and refuses a birthday in the future', async () => {
    const fan = await createFan(testApp.app);
    const longBio = await saveProfile(fan.cookie, profileForm(fan, { bio: 'a'.repeat(101) }));
    expect(longBio.statusCode).toBe(400);
    expect(longBio.json()).toMatchObject({ field: 'bio', message: PROFILE_MESSAGES.bioTooLong });
    expect((await saveProfile(fan.cookie, profileForm(fan, { bio: 'a'.repeat(100) }))).statusCode).toBe(200);

    const nextYear = `${new Date().getUTCFullYear() + 1}-01-01`;
    const future = await saveProfile(fan.cookie, profileForm(fan, { birthday: nextYear }));
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({
      field: 'birthday',
      message: 'A birthday cannot be in the future.',
    });
  });

  it("takes only the user's own avatar uploads as the avatar, and null removes it", async () => {
    const owner = await createFan(testApp.app);
    const other = await createFan(testApp.app);
    const ownAsset = await insertAvatarAsset(testApp.app, await findUserId(testApp.app, owner.cookie));
    const othersAsset = await insertAvatarAsset(testApp.app, await findUserId(testApp.app, other.cookie));

    for (const imagePublicId of [othersAsset, 'no-such-upload']) {
      const refused = await saveProfile(owner.cookie, profileForm(owner, { imagePublicId }));
      expect(refused.statusCode, imagePublicId).toBe(400);
      expect(refused.json().message).toBe(AVATAR_NOT_FOUND_MESSAGE);
    }
    expect((await getProfile(owner.username)).json().imageAsset).toBeNull();

    const saved = await saveProfile(owner.cookie, profileForm(owner, { imagePublicId: ownAsset }));
    expect(saved.json().profile.imageAsset.public_id).toBe(ownAsset);
    const removed = await saveProfile(owner.cookie, profileForm(owner, { imagePublicId: null }));
    expect(removed.json().profile.imageAsset).toBeNull();
  });

  it('deletes the replaced avatar, its row and its files, and keeps the new one', async () => {
    const owner = await createFan(testApp.app);
    const ownerId = await findUserId(testApp.app, owner.cookie);
    const [first, second] = [
      await insertAvatarAsset(testApp.app, ownerId),
      await insertAvatarAsset(testApp.app, ownerId),
    ];
    await saveProfile(owner.cookie, profileForm(owner, { imagePublicId: first }));
    const replaced = await saveProfile(owner.cookie, profileForm(owner, { imagePublicId: second }));
    expect(replaced.json().profile.imageAsset.public_id).toBe(second);

    const remaining = await testApp.app.db.select().from(mediaAssets).where(eq(mediaAssets.ownerId, ownerId));
    expect(remaining.map((asset) => asset.publicId)).toEqual([second]);
    expect(await testApp.app.mediaStore.stat(`${first}/avatar256.webp`)).toBeNull();
    expect(await testApp.app.mediaStore.stat(`${second}/avatar256.webp`)).not.toBeNull();
    // Saving again with the same avatar deletes nothing.
    await saveProfile(owner.cookie, profileForm(owner, { imagePublicId: second, bio: 'again' }));
    expect(await testApp.app.mediaStore.stat(`${second}/avatar256.webp`)).not.toBeNull();
  });

  it('leaves nothing half-saved when one rule fails', async () => {
    const fan = await createFan(testApp.app);
    await saveProfile(fan.cookie, profileForm(fan, { bio: 'before' }));
    const refused = await saveProfile(
      fan.cookie,
      profileForm(fan, { bio: 'after', imagePublicId: 'missing' }),
    );
    expect(refused.statusCode).toBe(400);
    expect((await getProfile(fan.username)).json().bio).toBe('before');
  });

  it('needs a signed-in caller', async () => {
    const fan = await createFan(testApp.app);
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      payload: profileForm(fan),
    });
    expect(response.statusCode).toBe(401);
  });
});
