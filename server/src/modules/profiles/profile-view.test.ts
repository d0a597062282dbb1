import { avatarUrl } from '@stagepass/contract/media';
import { PROFILE_MESSAGES } from '@stagepass/contract/profiles';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { insertAvatarAsset } from '../../test/factories/media.ts';
import { createCreator, createFan, findUserId, signIn, signUpAccount } from '../../test/factories/people.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { profileForm } from './test-profiles.ts';

const testApp = setupTestApp();
const getProfile = (username: string, cookie = '') =>
  testApp.app.inject({ url: `/api/users/${username}`, headers: cookie ? { cookie } : {} });
const saveProfile = (cookie: string, payload: object) =>
  testApp.app.inject({ method: 'PUT', url: '/api/users/profile', headers: { cookie }, payload });

describe('GET /api/users/:username', () => {
  it('shows a creator to a signed-out visitor, without phone or birthday', async () => {
    const creator = await createCreator(testApp.app, { name: 'Mwila Banda', cartegory: 'podcaster' });
    const saved = await saveProfile(
      creator.cookie,
      profileForm(creator, {
        name: 'Mwila Banda',
        cartegory: 'podcaster',
        bio: 'Stories from Lusaka',
        gender: 'female',
        birthday: '1995-04-02',
        phone: '+260 971 234 567',
      }),
    );
    expect(saved.statusCode).toBe(200);

    const response = await getProfile(creator.username);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      _id: await findUserId(testApp.app, creator.cookie),
      name: 'Mwila Banda',
      username: creator.username,
      profileInteraction: 'GUEST',
      hasPaid: false,
      isSubscribed: false,
      passExpiresAt: null,
      isGuest: true,
      followStatus: false,
      followers_count: 0,
      gender: 'female',
      pricing: null,
      prices: [],
      account_type: { name: 'creator', tools: 'both', cartegory: 'podcaster' },
      bio: 'Stories from Lusaka',
      about: '',
      country: { code: 'ZM', name: 'Zambia' },
      imageAsset: null,
      phone: null,
      birthday: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('finds the profile by username with or without @, in any case', async () => {
    const creator = await createCreator(testApp.app);
    const bare = creator.username.slice(1);
    for (const name of [bare, bare.toUpperCase(), `@${bare}`, `%40${bare.toUpperCase()}`]) {
      const response = await getProfile(name);
      expect(response.statusCode, name).toBe(200);
      expect(response.json().username).toBe(creator.username);
    }
  });

  it('gives the owner AUTHOR with their birthday and phone; others get the phone only', async () => {
    const creator = await createCreator(testApp.app);
    await saveProfile(
      creator.cookie,
      profileForm(creator, { cartegory: 'music artist', birthday: '1990-01-31', phone: '+260971234567' }),
    );
    const own = (await getProfile(creator.username, creator.cookie)).json();
    expect(own).toMatchObject({
      profileInteraction: 'AUTHOR',
      isGuest: false,
      birthday: '1990-01-31',
      phone: '+260971234567',
    });

    const fan = await createFan(testApp.app);
    const seen = (await getProfile(creator.username, fan.cookie)).json();
    expect(seen).toMatchObject({ profileInteraction: 'GUEST', isGuest: false, birthday: null });
    expect(seen.phone).toBe('+260971234567');
  });

  it('tells a viewer whether they follow the profile', async () => {
    const creator = await createCreator(testApp.app);
    const fan = await createFan(testApp.app);
    expect((await getProfile(creator.username, fan.cookie)).json().followStatus).toBe(false);
    await testApp.app.inject({
      method: 'POST',
      url: `/api/users/${creator.username}/follow`,
      headers: { cookie: fan.cookie },
    });
    const after = (await getProfile(creator.username, fan.cookie)).json();
    expect(after).toMatchObject({ followStatus: true, followers_count: 1 });
    // Someone else looking at the same profile does not follow it.
    expect((await getProfile(creator.username)).json()).toMatchObject({
      followStatus: false,
      followers_count: 1,
    });
  });

  it('shows the avatar as an imageAsset with the 256 px address', async () => {
    const creator = await createCreator(testApp.app);
    const publicId = await insertAvatarAsset(testApp.app, await findUserId(testApp.app, creator.cookie));
    await saveProfile(creator.cookie, profileForm(creator, { cartegory: 'writer', imagePublicId: publicId }));
    expect((await getProfile(creator.username)).json().imageAsset).toEqual({
      public_id: publicId,
      secure_url: avatarUrl(publicId, 256),
    });
  });

  it('shows an account that has not chosen fan or creator yet', async () => {
    const account = await signUpAccount(testApp.app);
    const response = await getProfile(account.username);
    expect(response.statusCode).toBe(200);
    expect(response.json().account_type).toBeNull();
  });

  it('answers 404 for a username nobody has', async () => {
    for (const name of ['@nobody_here_at_all', 'x', 'no such name']) {
      const response = await getProfile(encodeURIComponent(name));
      expect(response.statusCode, name).toBe(404);
      expect(response.json()).toMatchObject({ success: false, message: PROFILE_MESSAGES.profileNotFound });
    }
  });
});

describe('activity', () => {
  it('marks the account active at sign-in (the featured ranking reads it)', async () => {
    const account = await signUpAccount(testApp.app);
    const id = await findUserId(testApp.app, account.cookie);
    const past = new Date('2020-01-01T00:00:00Z');
    await testApp.app.db.update(users).set({ lastActiveAt: past }).where(eq(users.id, id));
    expect((await signIn(testApp.app, account.username, account.password)).statusCode).toBe(200);
    const [row] = await testApp.app.db.select().from(users).where(eq(users.id, id));
    expect(row!.lastActiveAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('OpenAPI', () => {
  it('documents every profile route under the profiles tag', async () => {
    const { paths } = (await testApp.app.inject('/api/openapi.json')).json();
    expect(paths['/api/users/{username}'].get.tags).toEqual(['profiles']);
    expect(paths['/api/users/profile'].put.tags).toEqual(['profiles']);
    expect(paths['/api/users/{username}/follow'].post.tags).toEqual(['profiles']);
    expect(paths['/api/users/{username}/report'].post.tags).toEqual(['profiles']);
    expect(paths['/api/users/profile'].put.requestBody).toBeDefined();
  });
});
