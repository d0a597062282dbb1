import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { findCookie, signUpAccount } from '../../test/factories/people.ts';
import { readLatestCode, readLatestMail } from '../../test/mail.ts';
import { setupTestApp } from '../../test/test-app.ts';

const testApp = setupTestApp();
const signUpBody = (overrides: Record<string, string> = {}) => ({
  country: 'ZM',
  email: 'mwila@example.com',
  password: 'kalulu river sunrise',
  name: 'Mwila Banda',
  username: 'mwilabanda',
  ...overrides,
});
const postSignUp = (payload: unknown, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: payload as object, headers });

describe('POST /api/auth/signup', () => {
  it('creates the account with balance 0 and published pending, signs it in, and mails a code', async () => {
    const response = await postSignUp(signUpBody());
    expect(response.statusCode).toBe(201);
    const { user } = response.json();
    expect(user).toMatchObject({
      name: 'Mwila Banda',
      username: '@mwilabanda',
      email: 'mwila@example.com',
      isEmailVerified: false,
      account_type: null,
      accountBalance: { amount: 0 },
      published: 'pending',
      country: { code: 'ZM', currency_code: 'ZMW' },
      security_question: null,
    });
    const token = findCookie(response, 'token');
    expect(token).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 3 * 86_400 });
    expect(token?.value.length).toBeGreaterThanOrEqual(43);

    const session = await testApp.app.inject({
      url: '/api/auth/session',
      headers: { cookie: `token=${token?.value}` },
    });
    expect(session.json().username).toBe('@mwilabanda');
    expect(await readLatestCode(testApp.app, 'mwila@example.com')).toMatch(/^\d{6}$/);
  });

  it('stores neither the password nor the code in the clear', async () => {
    await signUpAccount(testApp.app, { email: 'hashed@example.com', password: 'a quiet kafue morning' });
    const [row] = await testApp.app.db.select().from(users).where(eq(users.email, 'hashed@example.com'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const code = await readLatestCode(testApp.app, 'hashed@example.com');
    const dump = JSON.stringify(await testApp.app.db.query.oneTimeCodes.findMany());
    expect(dump).not.toContain(code);
  });

  it('refuses an email that is taken, whatever its case', async () => {
    const response = await postSignUp(signUpBody({ email: 'MWILA@Example.com', username: 'someoneelse' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
  });

  it("refuses a taken username ignoring case, with the spec's message", async () => {
    const response = await postSignUp(signUpBody({ email: 'other@example.com', username: '@MwilaBanda' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      code: 'USERNAME_TAKEN',
      message: "The Username '@mwilabanda' is not available",
    });
  });

  it('lets only one of two simultaneous sign-ups with the same email through', async () => {
    const [first, second] = await Promise.all([
      postSignUp(signUpBody({ email: 'race@example.com', username: 'racer_one' })),
      postSignUp(signUpBody({ email: 'race@example.com', username: 'racer_two' })),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    expect(await testApp.app.db.$count(users, eq(users.email, 'race@example.com'))).toBe(1);
  });

  it.each([
    [{ email: 'not-an-email' }, /^email: /],
    [{ password: 'short' }, /^password: Use at least 8 characters/],
    [{ password: 'x'.repeat(129) }, /^password: Use at most 128 characters/],
    [{ username: 'no spaces allowed' }, /^username: A username has/],
    [{ country: 'XX' }, /^country: /],
    [{ name: '   ' }, /^name: Name is required!/],
  ] as [Record<string, string>, RegExp][])(
    'refuses %o with a message naming the field',
    async (overrides, message) => {
      const response = await postSignUp(
        signUpBody({ email: 'new@example.com', username: 'newcomer', ...overrides }),
      );
      expect(response.statusCode).toBe(400);
      const { field, message: shown } = response.json();
      expect(`${field}: ${shown}`).toMatch(message);
    },
  );

  it('refuses a common password and writes nothing', async () => {
    const response = await postSignUp(
      signUpBody({ email: 'weak@example.com', username: 'weakling', password: 'Password1' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('WEAK_PASSWORD');
    expect(await testApp.app.db.$count(users, eq(users.email, 'weak@example.com'))).toBe(0);
  });

  it('refuses a request from another site', async () => {
    const response = await postSignUp(signUpBody({ email: 'csrf@example.com', username: 'csrf_victim' }), {
      origin: 'https://evil.example',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FORBIDDEN');
  });

  it('accepts a request from its own origin', async () => {
    const response = await postSignUp(signUpBody({ email: 'own@example.com', username: 'own_origin' }), {
      origin: testApp.config.publicUrl,
    });
    expect(response.statusCode).toBe(201);
    expect((await readLatestMail(testApp.app, 'own@example.com')).subject).toMatch(/is your Stagepass code$/);
  });
});

describe('GET /api/auth/username-available/:username', () => {
  it('says a free username is available, with or without @ and in any case', async () => {
    const response = await testApp.app.inject('/api/auth/username-available/@Free_Name');
    expect(response.json()).toEqual({ username: '@free_name', available: true, suggestions: [] });
  });

  it('offers two suggestions for a taken one, and both really are free', async () => {
    const response = await testApp.app.inject('/api/auth/username-available/MwilaBanda');
    const answer = response.json();
    expect(answer).toMatchObject({
      username: '@mwilabanda',
      available: false,
      message: "The Username '@mwilabanda' is not available",
    });
    expect(answer.suggestions).toHaveLength(2);
    for (const suggestion of answer.suggestions) {
      const check = await testApp.app.inject(
        `/api/auth/username-available/${encodeURIComponent(suggestion)}`,
      );
      expect(check.json().available).toBe(true);
    }
  });

  it('explains a malformed username', async () => {
    const response = await testApp.app.inject('/api/auth/username-available/a');
    expect(response.json()).toMatchObject({ username: null, available: false });
    expect(response.json().message).toMatch(/3 to 30/);
  });
});
