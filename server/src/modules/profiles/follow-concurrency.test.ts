import { describe, expect, it } from 'vitest';
import { createCreator, createFan } from '../../test/factories/people.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { readFollowerCounts } from './test-profiles.ts';

// Its own file: the ten followers here plus the other follow tests would pass the
// sign-up limit of 20 an hour per address that every test app starts with.
const testApp = setupTestApp();
const follow = (username: string, cookie = '') =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/users/${username}/follow`,
    headers: cookie ? { cookie } : {},
  });

describe('following under concurrency', () => {
  it('counts exactly when ten people follow at the same moment', async () => {
    const creator = await createCreator(testApp.app);
    const fans = await Promise.all(Array.from({ length: 10 }, () => createFan(testApp.app)));
    const answers = await Promise.all(fans.map((fan) => follow(creator.username, fan.cookie)));
    expect(answers.every((answer) => answer.json().followStatus === true)).toBe(true);
    // Each answer saw its own follow land: the counts they report are 1 to 10, once each.
    expect(answers.map((answer) => answer.json().followers_count).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    expect(await readFollowerCounts(testApp.app, creator)).toEqual({ followersCount: 10, rows: 10 });

    // Ten toggles of one pair at once: they run one after another, so half follow and
    // half unfollow, and an even number leaves the pair as it was.
    const [fan] = fans;
    const toggles = await Promise.all(
      Array.from({ length: 10 }, () => follow(creator.username, fan!.cookie)),
    );
    expect(toggles.every((toggle) => toggle.statusCode === 200)).toBe(true);
    expect(toggles.filter((toggle) => toggle.json().followStatus).length).toBe(5);
    expect(await readFollowerCounts(testApp.app, creator)).toEqual({ followersCount: 10, rows: 10 });

    // A double click from a new follower: one follow row at most, and the count agrees.
    const [, , double] = await Promise.all([
      follow(creator.username, fans[1]!.cookie),
      follow(creator.username, fans[2]!.cookie),
      follow(creator.username, fans[1]!.cookie),
    ]);
    expect(double!.statusCode).toBe(200);
    expect(await readFollowerCounts(testApp.app, creator)).toEqual({ followersCount: 9, rows: 9 });
  });
});
