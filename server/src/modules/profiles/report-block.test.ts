import { PROFILE_MESSAGES } from '@stagepass/contract/profiles';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { blocks, profileReports } from '../../db/schema/index.ts';
import { createCreator, createFan, findUserId } from '../../test/factories/people.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { isBlockedBetween } from './blocks.ts';
import { CANNOT_REPORT_SELF_MESSAGE } from './reports.service.ts';
import { readFollowerCounts } from './test-profiles.ts';

const testApp = setupTestApp();
const report = (username: string, cookie: string, payload: object) =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/users/${username}/report`,
    headers: cookie ? { cookie } : {},
    payload,
  });
const follow = (username: string, cookie: string) =>
  testApp.app.inject({ method: 'POST', url: `/api/users/${username}/follow`, headers: { cookie } });
const getProfile = (username: string, cookie: string) =>
  testApp.app.inject({ url: `/api/users/${username}`, headers: { cookie } });

describe('POST /api/users/:username/report', () => {
  it("stores a report for moderators and answers 'Report submited!'", async () => {
    const creator = await createCreator(testApp.app);
    const fan = await createFan(testApp.app);
    const response = await report(creator.username, fan.cookie, {
      kind: 'report',
      reason: 'This profile is fake!',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Report submited!' });

    const profileId = await findUserId(testApp.app, creator.cookie);
    const rows = await testApp.app.db
      .select()
      .from(profileReports)
      .where(eq(profileReports.profileId, profileId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      reporterId: await findUserId(testApp.app, fan.cookie),
      kind: 'report',
      reason: 'This profile is fake!',
      text: '',
      status: 'open',
    });
    // A report alone hides nothing.
    expect((await getProfile(creator.username, fan.cookie)).statusCode).toBe(200);
  });

  it("needs a text for 'Other': 'Reason for the report is required!'", async () => {
    const creator = await createCreator(testApp.app);
    const fan = await createFan(testApp.app);
    for (const kind of ['report', 'block']) {
      const response = await report(creator.username, fan.cookie, { kind, reason: 'Other', text: '   ' });
      expect(response.statusCode, kind).toBe(400);
      expect(response.json()).toMatchObject({
        field: 'text',
        message: PROFILE_MESSAGES.reportReasonRequired,
      });
    }
    const withText = await report(creator.username, fan.cookie, {
      kind: 'report',
      reason: 'Other',
      text: 'Copies my videos',
    });
    expect(withText.statusCode).toBe(200);
  });

  it("takes only each kind's own reasons", async () => {
    const creator = await createCreator(testApp.app);
    const fan = await createFan(testApp.app);
    const wrong = await report(creator.username, fan.cookie, {
      kind: 'block',
      reason: 'This profile is fake!',
    });
    expect(wrong.statusCode).toBe(400);
    const unknownKind = await report(creator.username, fan.cookie, {
      kind: 'mute',
      reason: 'Other',
      text: 'x',
    });
    expect(unknownKind.statusCode).toBe(400);
  });

  it('refuses a report of oneself, of nobody, and from a signed-out visitor', async () => {
    const fan = await createFan(testApp.app);
    const body = { kind: 'report', reason: 'This profile is fake!' };
    const self = await report(fan.username, fan.cookie, body);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(CANNOT_REPORT_SELF_MESSAGE);
    expect((await report('@nobody_by_that_name', fan.cookie, body)).statusCode).toBe(404);
    expect((await report(fan.username, '', body)).statusCode).toBe(401);
  });

  it('limits reports to 20 an hour per account', async () => {
    const creator = await createCreator(testApp.app);
    const fan = await createFan(testApp.app);
    const otherFan = await createFan(testApp.app);
    const body = { kind: 'report', reason: 'Other', text: 'Spam' };
    for (let index = 0; index < 20; index++) {
      expect((await report(creator.username, fan.cookie, body)).statusCode).toBe(200);
    }
    const limited = await report(creator.username, fan.cookie, body);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    // Another account from the same address still can.
    expect((await report(creator.username, otherFan.cookie, body)).statusCode).toBe(200);
  });
});

describe('blocking', () => {
  it('hides the profiles from each other and ends follows both ways, counts exact', async () => {
    const blocker = await createCreator(testApp.app);
    const blocked = await createCreator(testApp.app, { name: 'Natasha Mumba' });
    const bystander = await createFan(testApp.app);
    await follow(blocked.username, blocker.cookie);
    await follow(blocker.username, blocked.cookie);
    await follow(blocked.username, bystander.cookie);

    const response = await report(blocked.username, blocker.cookie, {
      kind: 'block',
      reason: 'Poor content',
    });
    // A block is done, not submitted: the answer names who was blocked.
    expect(response.json()).toEqual({
      success: true,
      message: 'Natasha Mumba has been blocked.',
    });

    // The block reads as "no such profile" either way, exactly like an unknown name.
    for (const [name, cookie] of [
      [blocked.username, blocker.cookie],
      [blocker.username, blocked.cookie],
    ] as const) {
      const hidden = await getProfile(name, cookie);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().message).toBe(PROFILE_MESSAGES.profileNotFound);
    }
    // Others still see both.
    expect((await getProfile(blocked.username, bystander.cookie)).statusCode).toBe(200);

    expect(await readFollowerCounts(testApp.app, blocked)).toEqual({ followersCount: 1, rows: 1 });
    expect(await readFollowerCounts(testApp.app, blocker)).toEqual({ followersCount: 0, rows: 0 });

    // Neither can follow the other again.
    for (const [name, cookie] of [
      [blocked.username, blocker.cookie],
      [blocker.username, blocked.cookie],
    ] as const) {
      const refused = await follow(name, cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(PROFILE_MESSAGES.blocked);
    }

    const blockerId = await findUserId(testApp.app, blocker.cookie);
    const blockedId = await findUserId(testApp.app, blocked.cookie);
    expect(await isBlockedBetween(testApp.app.db, blockerId, blockedId)).toBe(true);
    expect(await isBlockedBetween(testApp.app.db, blockedId, blockerId)).toBe(true);
    expect(
      await isBlockedBetween(testApp.app.db, blockerId, await findUserId(testApp.app, bystander.cookie)),
    ).toBe(false);
  });

  it('is idempotent: blocking twice, even at once, leaves one block', async () => {
    const blocker = await createFan(testApp.app);
    const blocked = await createCreator(testApp.app);
    const body = { kind: 'block', reason: 'Other', text: 'Rude' };
    const answers = await Promise.all([
      report(blocked.username, blocker.cookie, body),
      report(blocked.username, blocker.cookie, body),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await report(blocked.username, blocker.cookie, body)).statusCode).toBe(200);

    const blockerId = await findUserId(testApp.app, blocker.cookie);
    expect(await testApp.app.db.select().from(blocks).where(eq(blocks.blockerId, blockerId))).toHaveLength(1);
  });

  it('does not let the blocked user reach the blocker by reporting either', async () => {
    const blocker = await createCreator(testApp.app);
    const blocked = await createFan(testApp.app);
    await report(blocked.username, blocker.cookie, { kind: 'block', reason: 'Poor content' });
    const response = await report(blocker.username, blocked.cookie, {
      kind: 'report',
      reason: 'This profile is fake!',
    });
    expect(response.statusCode).toBe(404);
  });
});
