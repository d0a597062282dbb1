import { SETTINGS_MESSAGES } from '@stagepass/contract/account-settings';
import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import { describe, expect, it } from 'vitest';
import { readCookies, signIn, signUpAccount } from '../../test/factories/people.ts';
import { setupTestApp } from '../../test/test-app.ts';
import {
  addSecurityCheck,
  callSettings,
  findUser,
  removePassword,
  signUpWithSecurityCheck,
} from './test-helpers.ts';

const testApp = setupTestApp();
const NEW_PASSWORD = 'mosi oa tunya at dawn';

const changePassword = (cookie: string, payload: object) =>
  callSettings(testApp.app, { method: 'POST', url: '/api/account/password', cookie, payload });
const sessionStatus = async (cookie: string) =>
  (await testApp.app.inject({ url: '/api/auth/session', headers: { cookie } })).statusCode;

describe('POST /api/account/password', () => {
  it('changes the password and signs out every other session, keeping this one', async () => {
    const account = await signUpWithSecurityCheck(testApp.app);
    const otherBrowser = readCookies(await signIn(testApp.app, account.email, account.password));
    const response = await changePassword(account.cookie, {
      currentPassword: account.password,
      password: NEW_PASSWORD,
      password2: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: SETTINGS_MESSAGES.passwordChanged });

    expect(await sessionStatus(account.cookie)).toBe(200);
    expect(await sessionStatus(otherBrowser)).toBe(204);
    expect((await signIn(testApp.app, account.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(testApp.app, account.email, account.password)).statusCode).toBe(401);
  });

  it('refuses a wrong or missing current password and changes nothing', async () => {
    const account = await signUpWithSecurityCheck(testApp.app);
    const before = (await findUser(testApp.app, account))?.passwordHash;
    for (const currentPassword of ['not the password', undefined]) {
      const response = await changePassword(account.cookie, {
        currentPassword,
        password: NEW_PASSWORD,
        password2: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        code: 'WRONG_PASSWORD',
        message: SETTINGS_MESSAGES.wrongPassword,
      });
    }
    expect((await findUser(testApp.app, account))?.passwordHash).toBe(before);
  });

  it('stops guessing at 5 tries per account in 15 minutes', async () => {
    const account = await signUpWithSecurityCheck(testApp.app);
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await changePassword(account.cookie, {
        currentPassword: `guess ${attempt}`,
        password: NEW_PASSWORD,
        password2: NEW_PASSWORD,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('refuses a common password and two passwords that differ, as sign-up does', async () => {
    const account = await signUpWithSecurityCheck(testApp.app);
    const common = await changePassword(account.cookie, {
      currentPassword: account.password,
      password: 'iloveyou',
      password2: 'iloveyou',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().code).toBe('WEAK_PASSWORD');

    const differ = await changePassword(account.cookie, {
      currentPassword: account.password,
      password: NEW_PASSWORD,
      password2: `${NEW_PASSWORD}!`,
    });
    expect(differ.statusCode).toBe(400);
    expect(differ.json()).toMatchObject({ field: 'password2', message: AUTH_MESSAGES.passwordsDiffer });
  });

  it('lets an account without a password (social sign-in) set one, after its security question', async () => {
    const account = await signUpAccount(testApp.app);
    await removePassword(testApp.app, account.email);
    const payload = { password: NEW_PASSWORD, password2: NEW_PASSWORD };
    const unchecked = await changePassword(account.cookie, payload);
    expect(unchecked.statusCode).toBe(403);
    expect(unchecked.json()).toMatchObject({
      code: 'SECURITY_QUESTION_REQUIRED',
      message: AUTH_MESSAGES.securityQuestionRequired,
    });

    const checked = await addSecurityCheck(testApp.app, account.cookie);
    expect((await changePassword(checked, payload)).statusCode).toBe(200);
    expect((await signIn(testApp.app, account.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('needs a signed-in account', async () => {
    const response = await changePassword('', { password: NEW_PASSWORD, password2: NEW_PASSWORD });
    expect(response.statusCode).toBe(401);
  });
});
