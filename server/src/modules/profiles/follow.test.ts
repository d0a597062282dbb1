import { PROFILE_MESSAGES } from '@stagepass/contract/profiles';
import { describe, expect, it } from 'vitest';
import { createCreator, createFan, findUserId } from '../../test/factories/people.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { ONLY_CREATORS_MESSAGE, removeFollowsBy } from './follows.service.ts';
import { readFollowerCounts } from './test-profiles.ts';

const testApp = setupTestApp();
const follow = (username: string, cookie = '') =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/users/${username}/follow`,
    headers: cookie ? { cookie } : {},
  });

describe('POST /api/users/:username/follow', () => {
  it('follows, then unfollows, answering the status and the count', async () => {
    const creator = await createCreator(testApp.app);
    const fan = await createFan(testApp.app);
    const first = await follow(creator.username, fan.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ followStatus: true, followers_count: 1 });
    // Without the @ and in capitals it is the same profile.
    const second = await follow(creator.username.slice(1).toUpperCase(), fan.cookie);
    expect(second.json()).toEqual({ followStatus: false, followers_count: 0 });
    expect(await readFollowerCounts(testApp.app, creator)).toEqual({ followersCount: 0, rows: 0 });
  });

  it('lets creators follow other creators', async () => {
    const creator = await createCreator(testApp.app);
    const other = await createCreator(testApp.app);
    expect((await follow(creator.username, other.cookie)).json()).toEqual({
      followStatus: true,
      followers_count: 1,
    });
  });

  it('refuses to follow oneself', async () => {
    const creator = await createCreator(testApp.app);
    const response = await follow(creator.username, creator.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(PROFILE_MESSAGES.cannotFollowSelf);
    expect(await readFollowerCounts(testApp.app, creator)).toEqual({ followersCount: 0, rows: 0 });
  });

  it('follows creators only', async () => {
    const fan = await createFan(testApp.app);
    const otherFan = await createFan(testApp.app);
    const response = await follow(fan.username, otherFan.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'NOT_A_CREATOR', message: ONLY_CREATORS_MESSAGE });
  });

  it('answers 404 for an unknown profile and 401 when signed out', async () => {
    const fan = await createFan(testApp.app);
    const unknown = await follow('@nobody_by_that_name', fan.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(PROFILE_MESSAGES.profileNotFound);
    expect((await follow(fan.username)).statusCode).toBe(401);
  });

  it('gives back the follows of a user who leaves, so the counts stay exact', async () => {
    const [first, second] = [await createCreator(testApp.app), await createCreator(testApp.app)];
    const leaving = await createFan(testApp.app);
    await follow(first.username, leaving.cookie);
    await follow(second.username, leaving.cookie);
    await follow(first.username, second.cookie);
    await removeFollowsBy(testApp.app.db, await findUserId(testApp.app, leaving.cookie));
    expect(await readFollowerCounts(testApp.app, first)).toEqual({ followersCount: 1, rows: 1 });
    expect(await readFollowerCounts(testApp.app, second)).toEqual({ followersCount: 0, rows: 0 });
  });
});
