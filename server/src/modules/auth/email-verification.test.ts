import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { oneTimeCodes, users } from '../../db/schema/index.ts';
import { signUpAccount } from '../../test/factories/people.ts';
import { readLatestCode, waitForQueuedMail } from '../../test/mail.ts';
import { setupTestApp } from '../../test/test-app.ts';

const testApp = setupTestApp();
const verify = (email: string, code: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/auth/verify-code',
    payload: { purpose: 'email-verification', email, code },
    remoteAddress: `203.0.113.${Math.floor(Math.random() * 250) + 1}`,
  });
const findUserId = async (email: string) =>
  (await testApp.app.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const invalidCodeAnswer = { verified: false, isExpired: false, message: AUTH_MESSAGES.codeInvalid };
const expireCodesOf = async (email: string) =>
  testApp.app.db
    .update(oneTimeCodes)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(oneTimeCodes.userId, await findUserId(email)));

describe('POST /api/auth/verify-code (email-verification)', () => {
  it('verifies the email with the mailed code', async () => {
    const account = await signUpAccount(testApp.app);
    const response = await verify(account.email, await readLatestCode(testApp.app, account.email));
    expect(response.json()).toEqual({
      verified: true,
      isExpired: false,
      message: AUTH_MESSAGES.emailVerified,
    });
    const session = await testApp.app.inject({
      url: '/api/auth/session',
      headers: { cookie: account.cookie },
    });
    expect(session.json().isEmailVerified).toBe(true);
  });

  it('says a wrong code is invalid, and that is not an expiry', async () => {
    const account = await signUpAccount(testApp.app);
    const code = await readLatestCode(testApp.app, account.email);
    const response = await verify(account.email, wrongCodeFor(code));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      verified: false,
      isExpired: false,
      message: AUTH_MESSAGES.codeInvalid,
    });
    expect(response.json().message).toContain('Invalid');
  });

  it('kills the code after 5 wrong tries, and says so only to whoever types the right code', async () => {
    const account = await signUpAccount(testApp.app);
    const code = await readLatestCode(testApp.app, account.email);
    const answers = [];
    for (let attempt = 0; attempt < 6; attempt++)
      answers.push((await verify(account.email, wrongCodeFor(code))).json());
    // A wrong code answers alike before and after: a stranger's guesses tell nothing.
    for (const answer of answers) expect(answer).toEqual(invalidCodeAnswer);
    const right = (await verify(account.email, code)).json();
    // Resend Code shows exactly when expired and the message has no 'Invalid'.
    expect(right).toEqual({ verified: false, isExpired: true, message: AUTH_MESSAGES.codeTooManyTries });
  });

  it('refuses an expired code and offers a resend to whoever has the code; a wrong code is just invalid', async () => {
    const account = await signUpAccount(testApp.app);
    const code = await readLatestCode(testApp.app, account.email);
    await expireCodesOf(account.email);
    expect((await verify(account.email, wrongCodeFor(code))).json()).toEqual(invalidCodeAnswer);
    expect((await verify(account.email, code)).json()).toEqual({
      verified: false,
      isExpired: true,
      message: AUTH_MESSAGES.codeExpired,
    });
  });

  it('never verifies an address already verified with a wrong code, and answers as for an unknown address', async () => {
    const account = await signUpAccount(testApp.app);
    const code = await readLatestCode(testApp.app, account.email);
    expect((await verify(account.email, code)).json().verified).toBe(true);
    for (const guess of ['000000', '123456', wrongCodeFor(code), code]) {
      const response = await verify(account.email, guess);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(invalidCodeAnswer);
    }
    const unknown = await verify('nobody-at-all@example.com', '123456');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(invalidCodeAnswer);
  });

  it('answers a wrong code the same for an unknown address, a verified one, an unverified one and an expired code', async () => {
    const verified = await signUpAccount(testApp.app);
    await verify(verified.email, await readLatestCode(testApp.app, verified.email));
    const unverified = await signUpAccount(testApp.app);
    const expired = await signUpAccount(testApp.app);
    await expireCodesOf(expired.email);
    const answers = await Promise.all(
      ['stranger@example.com', verified.email, unverified.email, expired.email].map(async (email) => {
        const response = await verify(email, '999999');
        return { status: response.statusCode, body: response.body };
      }),
    );
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(JSON.parse(answers[0]!.body)).toEqual(invalidCodeAnswer);
  });

  it('expires codes 10 minutes after they are sent', async () => {
    const account = await signUpAccount(testApp.app);
    const [row] = await testApp.app.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.userId, await findUserId(account.email)));
    const lifetime = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(Math.round(lifetime / 60_000)).toBe(10);
  });

  it('resends a new code that replaces the old one', async () => {
    const account = await signUpAccount(testApp.app);
    const oldCode = await readLatestCode(testApp.app, account.email);
    const resend = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/resend-code',
      payload: { email: account.email },
    });
    expect(resend.json()).toEqual({ success: true, message: AUTH_MESSAGES.codeSent });
    const newCode = await readLatestCode(testApp.app, account.email);
    if (newCode !== oldCode) expect((await verify(account.email, oldCode)).json().verified).toBe(false);
    expect((await verify(account.email, newCode)).json().verified).toBe(true);
  });

  it('answers a resend for an unknown address the same way, and mails nothing', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/resend-code',
      payload: { email: 'ghost@example.com' },
    });
    expect(response.json()).toEqual({ success: true, message: AUTH_MESSAGES.codeSent });
    await waitForQueuedMail(testApp.app);
    const outbox = await testApp.app.inject('/api/dev/outbox?to=ghost@example.com');
    expect(outbox.json().messages).toEqual([]);
  });

  it('wants six digits', async () => {
    const response = await verify('a@example.com', '');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'code', message: AUTH_MESSAGES.codeRequired });
    expect(await testApp.app.db.$count(oneTimeCodes, eq(oneTimeCodes.failedAttempts, 99))).toBe(0);
  });
});
