import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { oneTimeCodes, users } from '../../db/schema/index.ts';
import { signIn, signUpAccount } from '../../test/factories/people.ts';
import { readLatestMail, waitForQueuedMail } from '../../test/mail.ts';
import { setupTestApp } from '../../test/test-app.ts';

const testApp = setupTestApp();
let address = 0;
// Each call from its own address: these tests are about the links, not the per-address limits.
const post = (url: string, payload: object) =>
  testApp.app.inject({ method: 'POST', url, payload, remoteAddress: `192.0.2.${(address++ % 250) + 1}` });

async function requestResetLink(email: string) {
  const response = await post('/api/auth/forgot-password', { email });
  expect(response.json()).toEqual({ success: true, message: AUTH_MESSAGES.resetLinkSent });
  const { text } = await readLatestMail(testApp.app, email);
  const link = new URL(/(http\S+)/.exec(text)![1]!);
  return { link, token: new URLSearchParams(link.hash.slice(1)).get('reset')! };
}

describe('forgot and reset password', () => {
  it('mails a link to the forgot-password page that verifies, its token and email in the fragment', async () => {
    const account = await signUpAccount(testApp.app);
    const { link, token } = await requestResetLink(account.email);
    expect(link.origin).toBe(testApp.config.publicUrl);
    // Token and address only in the fragment, which browsers never send to a server.
    expect(link.pathname).toBe('/account/forgot-password');
    expect(link.search).toBe('');
    expect(new URLSearchParams(link.hash.slice(1)).get('email')).toBe(account.email);
    expect(token).toMatch(/^[\w-]{43}$/);
    const check = await post('/api/auth/verify-code', {
      purpose: 'reset-password',
      email: account.email,
      code: token,
    });
    expect(check.json()).toMatchObject({ verified: true, isExpired: false });
  });

  it('answers the same for an unknown email and mails nothing', async () => {
    const response = await post('/api/auth/forgot-password', { email: 'nobody-here@example.com' });
    expect(response.json()).toEqual({ success: true, message: AUTH_MESSAGES.resetLinkSent });
    await waitForQueuedMail(testApp.app);
    expect((await testApp.app.inject('/api/dev/outbox?to=nobody-here@example.com')).json().messages).toEqual(
      [],
    );
  });

  it("says 'Email address is required!' for an empty email", async () => {
    const response = await post('/api/auth/forgot-password', { email: '' });
    expect(response.json()).toMatchObject({ field: 'email', message: AUTH_MESSAGES.emailRequired });
  });

  it('sets the new password, signs out every session, and works once', async () => {
    const account = await signUpAccount(testApp.app);
    const { token } = await requestResetLink(account.email);
    const body = {
      email: account.email,
      token,
      password: 'new zambezi sunset',
      password2: 'new zambezi sunset',
    };
    const reset = await post('/api/auth/reset-password', body);
    expect(reset.json()).toEqual({ success: true, message: AUTH_MESSAGES.passwordChanged, isExpired: false });

    expect(
      (await testApp.app.inject({ url: '/api/auth/session', headers: { cookie: account.cookie } }))
        .statusCode,
    ).toBe(204);
    expect((await signIn(testApp.app, account.email, account.password)).statusCode).toBe(401);
    expect((await signIn(testApp.app, account.email, 'new zambezi sunset')).statusCode).toBe(200);

    const again = await post('/api/auth/reset-password', {
      ...body,
      password: 'third try password',
      password2: 'third try password',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'RESET_LINK_INVALID',
      message: AUTH_MESSAGES.resetLinkInvalid,
    });
  });

  it('tells a wrong link from an expired one', async () => {
    const account = await signUpAccount(testApp.app);
    const { token } = await requestResetLink(account.email);
    const wrong = await post('/api/auth/verify-code', {
      purpose: 'reset-password',
      email: account.email,
      code: 'nope',
    });
    expect(wrong.json()).toEqual({
      verified: false,
      isExpired: false,
      message: AUTH_MESSAGES.resetLinkInvalid,
    });

    const [user] = await testApp.app.db.select().from(users).where(eq(users.email, account.email));
    await testApp.app.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.userId, user!.id));
    const check = await post('/api/auth/verify-code', {
      purpose: 'reset-password',
      email: account.email,
      code: token,
    });
    expect(check.json()).toEqual({
      verified: false,
      isExpired: true,
      message: AUTH_MESSAGES.resetLinkExpired,
    });
    const reset = await post('/api/auth/reset-password', {
      email: account.email,
      token,
      password: 'new zambezi sunset',
      password2: 'new zambezi sunset',
    });
    expect(reset.json()).toMatchObject({ code: 'RESET_LINK_EXPIRED' });
  });

  it('answers a wrong link alike for an unknown address, an account without a link and an expired link', async () => {
    const withoutLink = await signUpAccount(testApp.app);
    const withExpiredLink = await signUpAccount(testApp.app);
    await requestResetLink(withExpiredLink.email);
    const [user] = await testApp.app.db.select().from(users).where(eq(users.email, withExpiredLink.email));
    await testApp.app.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.userId, user!.id));
    const emails = ['nobody-here@example.com', withoutLink.email, withExpiredLink.email];
    for (const email of emails) {
      const check = await post('/api/auth/verify-code', { purpose: 'reset-password', email, code: 'guess' });
      expect(check.statusCode).toBe(200);
      expect(check.json()).toEqual({
        verified: false,
        isExpired: false,
        message: AUTH_MESSAGES.resetLinkInvalid,
      });
      const reset = await post('/api/auth/reset-password', {
        email,
        token: 'guess',
        password: 'new zambezi sunset',
        password2: 'new zambezi sunset',
      });
      expect(reset.statusCode).toBe(400);
      expect(reset.json()).toEqual({
        success: false,
        code: 'RESET_LINK_INVALID',
        message: AUTH_MESSAGES.resetLinkInvalid,
      });
    }
  });

  it('expires links 30 minutes after they are sent', async () => {
    const account = await signUpAccount(testApp.app);
    await requestResetLink(account.email);
    const [user] = await testApp.app.db.select().from(users).where(eq(users.email, account.email));
    const codes = await testApp.app.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user!.id));
    const link = codes.find((row) => row.purpose === 'reset-password');
    expect(Math.round((link!.expiresAt.getTime() - link!.createdAt.getTime()) / 60_000)).toBe(30);
  });

  it('needs the two passwords to match, and refuses a common one', async () => {
    const account = await signUpAccount(testApp.app);
    const { token } = await requestResetLink(account.email);
    const differ = await post('/api/auth/reset-password', {
      email: account.email,
      token,
      password: 'one long password',
      password2: 'another one',
    });
    expect(differ.json()).toMatchObject({ field: 'password2', message: AUTH_MESSAGES.passwordsDiffer });
    const common = await post('/api/auth/reset-password', {
      email: account.email,
      token,
      password: 'iloveyou',
      password2: 'iloveyou',
    });
    expect(common.json().code).toBe('WEAK_PASSWORD');
    // Neither used the link up.
    const check = await post('/api/auth/verify-code', {
      purpose: 'reset-password',
      email: account.email,
      code: token,
    });
    expect(check.json().verified).toBe(true);
  });
});
