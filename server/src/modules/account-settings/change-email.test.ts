import { SETTINGS_MESSAGES } from '@stagepass/contract/account-settings';
import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import { describe, expect, it } from 'vitest';
import { findCookie, readCookies, signIn, signUpAccount } from '../../test/factories/people.ts';
import { readLatestCode, readLatestMail } from '../../test/mail.ts';
import { setupTestApp } from '../../test/test-app.ts';
import {
  addSecurityCheck,
  answerSecurityQuestion,
  callSettings,
  findUser,
  removePassword,
  signUpWithSecurityCheck,
} from './test-helpers.ts';

const testApp = setupTestApp();
let counter = 0;
const newAddress = () => `moved${Date.now().toString(36)}${++counter}@example.com`;

const requestChange = (cookie: string, payload: object) =>
  callSettings(testApp.app, { method: 'POST', url: '/api/account/email', cookie, payload });
const confirmChange = (cookie: string, code: string) =>
  callSettings(testApp.app, { method: 'POST', url: '/api/account/email/confirm', cookie, payload: { code } });

/** Step one, answered well: the session cookie plus the pending-change cookie for step two. */
async function startChange(account: { cookie: string; password: string }, email: string) {
  const response = await requestChange(account.cookie, { email, currentPassword: account.password });
  expect(response.statusCode).toBe(200);
  const pending = findCookie(response, 'email_change');
  expect(pending).toMatchObject({ httpOnly: true, path: '/api/account/email' });
  return `${account.cookie}; email_change=${pending!.value}`;
}

const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('changing the email address', () => {
  it('mails a code to the new address; the code switches it, verified, and the old address is told', async () => {
    const account = await signUpWithSecurityCheck(testApp.app);
    const email = newAddress();
    const step = await requestChange(account.cookie, { email, currentPassword: account.password });
    expect(step.json()).toEqual({ success: true, message: SETTINGS_MESSAGES.emailCodeSent });
    const cookie = `${account.cookie}; email_change=${findCookie(step, 'email_change')!.value}`;
    // Nothing changes before the code comes back.
    expect((await findUser(testApp.app, account))?.email).toBe(account.email);

    const code = await readLatestCode(testApp.app, email);
    const confirmed = await confirmChange(cookie, code);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ success: true, message: SETTINGS_MESSAGES.emailChanged });
    expect(findCookie(confirmed, 'email_change')?.value).toBe('');

    const session = await testApp.app.inject({
      url: '/api/auth/session',
      headers: { cookie: account.cookie },
    });
    expect(session.json()).toMatchObject({ email, isEmailVerified: true });
    expect((await signIn(testApp.app, email, account.password)).statusCode).toBe(200);
    expect((await signIn(testApp.app, account.email, account.password)).statusCode).toBe(401);

    const notice = await readLatestMail(testApp.app, account.email);
    expect(notice.subject).toBe('Your Stagepass email address was changed');
    expect(notice.text).toContain(email);
  });

  it('takes a new address in any case and stores it lowercase', async () => {
    const account = await signUpWithSecurityCheck(testApp.app);
    const email = newAddress();
    const cookie = await startChange(account, email.toUpperCase());
    expect((await confirmChange(cookie, await readLatestCode(testApp.app, email))).statusCode).toBe(200);
    expect((await findUser(testApp.app, { email }))?.id).toBeDefined();
  });

  it('needs the current password of an account that has one', async () => {
    const account = await signUpWithSecurityCheck(testApp.app);
    for (const currentPassword of [undefined, 'not my password']) {
      const response = await requestChange(account.cookie, { email: newAddress(), currentPassword });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        code: 'WRONG_PASSWORD',
        message: SETTINGS_MESSAGES.wrongPassword,
      });
    }
  });

  it("refuses an address another account uses, whatever its case, with sign-up's message", async () => {
    const account = await signUpWithSecurityCheck(testApp.app);
    const other = await signUpWithSecurityCheck(testApp.app);
    const response = await requestChange(account.cookie, {
      email: other.email.toUpperCase(),
      currentPassword: account.password,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      code: 'EMAIL_TAKEN',
      message: AUTH_MESSAGES.emailTaken,
    });

    const own = await requestChange(account.cookie, {
      email: account.email,
      currentPassword: account.password,
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(SETTINGS_MESSAGES.sameEmail);
  });

  it('refuses at step two when someone took the address in between', async () => {
    const account = await signUpWithSecurityCheck(testApp.app);
    const email = newAddress();
    const cookie = await startChange(account, email);
    const code = await readLatestCode(testApp.app, email);
    await signUpAccount(testApp.app, { email });
    const response = await confirmChange(cookie, code);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(AUTH_MESSAGES.emailTaken);
    expect((await findUser(testApp.app, account))?.email).toBe(account.email);
  });

  it('refuses a wrong code, and kills the code after 5 wrong tries', async () => {
    const account = await signUpWithSecurityCheck(testApp.app);
    const email = newAddress();
    const cookie = await startChange(account, email);
    const code = await readLatestCode(testApp.app, email);
    const wrong = await confirmChange(cookie, wrongCodeFor(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      success: false,
      code: 'INVALID_CODE',
      message: AUTH_MESSAGES.codeInvalid,
    });
    for (let attempt = 0; attempt < 4; attempt++) await confirmChange(cookie, wrongCodeFor(code));
    const right = await confirmChange(cookie, code);
    expect(right.json().message).toBe(AUTH_MESSAGES.codeTooManyTries);
    expect((await findUser(testApp.app, account))?.email).toBe(account.email);
  });

  it('works only in the session that asked, and only once', async () => {
    const account = await signUpWithSecurityCheck(testApp.app);
    const email = newAddress();
    const cookie = await startChange(account, email);
    const code = await readLatestCode(testApp.app, email);
    const pending = cookie.split('; ').find((pair) => pair.startsWith('email_change='))!;

    // The same person's other browser, past its own security check, with the pending cookie copied over.
    const otherSession = await answerSecurityQuestion(
      testApp.app,
      readCookies(await signIn(testApp.app, account.email, account.password)),
    );
    const elsewhere = await confirmChange(`${otherSession}; ${pending}`, code);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe(SETTINGS_MESSAGES.emailChangeExpired);
    // Without step one's cookie there is nothing to confirm.
    expect((await confirmChange(account.cookie, code)).json().message).toBe(
      SETTINGS_MESSAGES.emailChangeExpired,
    );

    expect((await confirmChange(cookie, code)).statusCode).toBe(200);
    expect((await confirmChange(cookie, code)).statusCode).toBe(400);
  });

  it('binds the code to the address it was sent to', async () => {
    const account = await signUpWithSecurityCheck(testApp.app);
    const first = newAddress();
    await startChange(account, first);
    const firstCode = await readLatestCode(testApp.app, first);
    // A second request replaces the first: its code no longer works, nor for the new address.
    const second = newAddress();
    const cookie = await startChange(account, second);
    expect((await confirmChange(cookie, firstCode)).statusCode).toBe(400);
    expect((await confirmChange(cookie, await readLatestCode(testApp.app, second))).statusCode).toBe(200);
    expect((await findUser(testApp.app, { email: second }))?.id).toBeDefined();
  });

  it('does not let a change code pass as the sign-up verification code', async () => {
    const account = await signUpWithSecurityCheck(testApp.app);
    const email = newAddress();
    await startChange(account, email);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/verify-code',
      payload: {
        purpose: 'email-verification',
        email: account.email,
        code: await readLatestCode(testApp.app, email),
      },
    });
    expect(response.json().verified).toBe(false);
    expect((await findUser(testApp.app, account))?.emailVerifiedAt).toBeNull();
  });

  it('lets an account without a password change it once the security question is answered', async () => {
    const account = await signUpAccount(testApp.app);
    await removePassword(testApp.app, account.email);
    const refused = await requestChange(account.cookie, { email: newAddress() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'SECURITY_QUESTION_REQUIRED',
      message: AUTH_MESSAGES.securityQuestionRequired,
    });

    const checked = await addSecurityCheck(testApp.app, account.cookie);
    const email = newAddress();
    const cookie = await startChange({ cookie: checked, password: '' }, email);
    expect((await confirmChange(cookie, await readLatestCode(testApp.app, email))).statusCode).toBe(200);
  });

  it('sends at most 3 codes per account in 10 minutes', async () => {
    const account = await signUpWithSecurityCheck(testApp.app);
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      statuses.push(
        (await requestChange(account.cookie, { email: newAddress(), currentPassword: account.password }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('needs a signed-in account', async () => {
    expect((await requestChange('', { email: newAddress() })).statusCode).toBe(401);
    expect((await confirmChange('', '123456')).statusCode).toBe(401);
  });
});
