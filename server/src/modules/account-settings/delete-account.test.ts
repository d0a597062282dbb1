import fs from 'node:fs';
import path from 'node:path';
import { SETTINGS_MESSAGES } from '@stagepass/contract/account-settings';
import { eq, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { follows, mediaAssets, oneTimeCodes, profileReports, sessions } from '../../db/schema/index.ts';
import { makeImage, uploadFile } from '../../test/factories/media.ts';
import {
  createCreator,
  createFan,
  findCookie,
  markEmailVerified,
  readCookies,
  signIn,
  signUpAccount,
} from '../../test/factories/people.ts';
import { setupTestApp } from '../../test/test-app.ts';
import {
  addSecurityCheck,
  callSettings,
  findUser,
  removePassword,
  signUpWithSecurityCheck,
  withSecurityCheck,
} from './test-helpers.ts';

const testApp = setupTestApp();

const deleteAccount = (cookie: string, payload: object) =>
  callSettings(testApp.app, { method: 'DELETE', url: '/api/account', cookie, payload });

const follow = (cookie: string, username: string) =>
  testApp.app.inject({ method: 'POST', url: `/api/users/${username}/follow`, headers: { cookie } });

describe('DELETE /api/account', () => {
  it('removes the account, its uploads and links, keeps reports it made, and signs out', async () => {
    const { db } = testApp.app;
    const account = await withSecurityCheck(testApp.app, await createCreator(testApp.app));
    const otherBrowser = readCookies(await signIn(testApp.app, account.email, account.password));
    await markEmailVerified(testApp.app, account.email);
    const upload = (await uploadFile(testApp.app, account.cookie, { data: await makeImage('png') })).json();
    const user = (await findUser(testApp.app, account))!;
    const creatorAccount = await createCreator(testApp.app);
    const creator = (await findUser(testApp.app, creatorAccount))!;
    // Following each other, the way people do.
    await follow(account.cookie, creatorAccount.username);
    await follow(creatorAccount.cookie, account.username);
    await db
      .insert(profileReports)
      .values({ reporterId: user.id, profileId: creator.id, kind: 'report', reason: 'Other', text: 'spam' });

    const response = await deleteAccount(account.cookie, {
      confirmation: 'DELETE',
      currentPassword: account.password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: SETTINGS_MESSAGES.accountDeleted });
    expect(findCookie(response, 'token')).toMatchObject({ value: '' });
    expect(findCookie(response, 'security_check')).toMatchObject({ value: '' });

    expect(await findUser(testApp.app, account)).toBeUndefined();
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user.id))).toEqual([]);
    expect(await db.select().from(mediaAssets).where(eq(mediaAssets.ownerId, user.id))).toEqual([]);
    expect(
      await db
        .select()
        .from(follows)
        .where(or(eq(follows.followerId, user.id), eq(follows.followedId, user.id))),
    ).toEqual([]);
    const [report] = await db.select().from(profileReports).where(eq(profileReports.profileId, creator.id));
    expect(report).toMatchObject({ reporterId: null, text: 'spam' });

    expect((await testApp.app.inject(upload.secure_url)).statusCode).toBe(404);
    expect(fs.existsSync(path.join(testApp.config.dataDir, 'media', upload.public_id))).toBe(false);
    expect(
      (await testApp.app.inject({ url: '/api/auth/session', headers: { cookie: otherBrowser } })).statusCode,
    ).toBe(204);
    expect((await signIn(testApp.app, account.email, account.password)).statusCode).toBe(401);
    // The address and username are free again.
    await signUpAccount(testApp.app, { email: account.email, username: account.username.slice(1) });
  });

  it('lowers the follower counts of the creators the account followed', async () => {
    const fan = await withSecurityCheck(testApp.app, await createFan(testApp.app));
    const creator = await createCreator(testApp.app);
    expect((await follow(fan.cookie, creator.username)).json()).toEqual({
      followStatus: true,
      followers_count: 1,
    });

    const deletion = await deleteAccount(fan.cookie, {
      confirmation: 'DELETE',
      currentPassword: fan.password,
    });
    expect(deletion.statusCode).toBe(200);
    const profile = await testApp.app.inject({ url: `/api/users/${creator.username}` });
    expect(profile.json().followers_count).toBe(0);
  });

  it("needs the word DELETE ('Type DELETE to confirm.')", async () => {
    const account = await signUpWithSecurityCheck(testApp.app);
    for (const confirmation of ['delete', '', undefined]) {
      const response = await deleteAccount(account.cookie, {
        confirmation,
        currentPassword: account.password,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        field: 'confirmation',
        message: SETTINGS_MESSAGES.confirmDeletion,
      });
    }
    expect(await findUser(testApp.app, account)).toBeDefined();
  });

  it('needs the current password of an account that has one, and keeps everything when it is wrong', async () => {
    const account = await signUpWithSecurityCheck(testApp.app);
    await markEmailVerified(testApp.app, account.email);
    const upload = (await uploadFile(testApp.app, account.cookie, { data: await makeImage('png') })).json();
    const response = await deleteAccount(account.cookie, {
      confirmation: 'DELETE',
      currentPassword: 'nope nope',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(SETTINGS_MESSAGES.wrongPassword);
    expect(await findUser(testApp.app, account)).toBeDefined();
    expect((await testApp.app.inject(upload.secure_url)).statusCode).toBe(200);
  });

  it('lets an account without a password delete itself once its security question is answered', async () => {
    const account = await signUpAccount(testApp.app);
    await removePassword(testApp.app, account.email);
    const unchecked = await deleteAccount(account.cookie, { confirmation: 'DELETE' });
    expect(unchecked.statusCode).toBe(403);
    const checked = await addSecurityCheck(testApp.app, account.cookie);
    expect((await deleteAccount(checked, { confirmation: 'DELETE' })).statusCode).toBe(200);
    expect(await findUser(testApp.app, account)).toBeUndefined();
  });

  it('needs a signed-in account', async () => {
    expect((await deleteAccount('', { confirmation: 'DELETE' })).statusCode).toBe(401);
  });
});
