import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.ts';
import { issueMediaUrls } from '../modules/media/media-urls.service.ts';
import { makeImage, uploadPostFile } from './factories/media.ts';
import { addCardAs, depositRequest, postDeposit, tokenizeCard, waitForStatus } from './factories/money.ts';
import { findCookie, readCookies } from './factories/people.ts';
import { insertPostRows } from './factories/posts.ts';
import { readLatestCode, readLatestMail } from './mail.ts';
import { Browser } from './oidc-browser.ts';
import { findFreePort } from './spawn-server.ts';
import { setupTestApp } from './test-app.ts';

// The whole app at its most talkative level, its log captured line by line, while one
// person goes through everything that carries a secret or a personal datum. None of them
// may appear in any line.
const lines: string[] = [];
const port = await findFreePort();
const baseUrl = `http://localhost:${port}`;
const testApp = setupTestApp({
  env: {
    PUBLIC_URL: baseUrl,
    PORT: String(port),
    LOG_LEVEL: 'trace',
    PAWAPAY_SANDBOX_SETTLE_MS: '300',
    PAWAPAY_TIMEOUT_MS: '2000',
  },
  logStream: { write: (line) => void lines.push(line) },
});
beforeAll(async () => {
  await testApp.app.listen({ port, host: '127.0.0.1' });
});

const PERSON = {
  name: 'Mutinta Hichilema',
  username: 'mutintalogcheck',
  email: 'Mutinta.Logcheck@example.com',
  password: 'kafue flood plains at dusk',
  newPassword: 'luangwa river at dawn',
  birthday: '1991-07-23',
  // An MTN number; the sandbox completes a deposit from a number ending in 789.
  phone: '0763451789',
  answer: 'Chipata Day Secondary',
};
const SOCIAL_EMAIL = 'Chileshe.Socialcheck@example.com';
const SOCIAL_USERNAME = 'chilesheoidccheck';
const CARD_DIGITS = '4000056655665556';
const CVC = '739';
// The database refuses a save by this name (a trigger the test adds), quoting the row back.
const REFUSED_NAME = 'Refused Bythetest';

const post = (url: string, payload: object, cookie = '') =>
  testApp.app.inject({ method: 'POST', url, payload, headers: { cookie } });

/** The secrets and personal data the run handled, by kind; collected as they appear. */
const secrets = new Map<string, string>();

function searchLog(kind: string, value: string): string | undefined {
  const text = value.toLowerCase();
  // Short digit strings (the six-digit code, the CVC) only count standing alone: not
  // inside a longer number, a time, or a request id's hex ('…03b3b739d326…').
  const pattern = /^\d{1,8}$/.test(value)
    ? new RegExp(`(?<![\\da-z.])${value}(?![\\da-z.])`, 'i')
    : { test: (line: string) => line.toLowerCase().includes(text) };
  const line = lines.find((candidate) => pattern.test(candidate));
  return line ? `${kind}: ${line.slice(0, 400)}` : undefined;
}

async function addRefusingTrigger() {
  await testApp.app.db.execute(
    sql.raw(`
    create function log_test_refuse() returns trigger language plpgsql as $$
    begin
      if new.name = '${REFUSED_NAME}' then
        raise exception 'refused by the log test'
          using detail = format('Failing row contains (%s, %s, %s, %s, %s)',
            new.email, new.username, new.password_hash, new.birthday, new.phone);
      end if;
      return new;
    end $$`),
  );
  await testApp.app.db.execute(
    sql.raw(
      'create trigger log_test_refuse before insert or update on users for each row execute function log_test_refuse()',
    ),
  );
}

describe('the log of a full run', () => {
  it('holds no password, hash, token, code, cookie, signature, card or personal datum, at trace level', async () => {
    const { app } = testApp;
    await addRefusingTrigger();

    // Sign-up, the mailed code, sign-in (wrong, then right), the security question.
    const signUp = await post('/api/auth/signup', {
      country: 'ZM',
      email: PERSON.email,
      password: PERSON.password,
      name: PERSON.name,
      username: PERSON.username,
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    secrets.set('sign-up session cookie', findCookie(signUp, 'token')!.value);
    const signUpCookie = readCookies(signUp);
    const code = await readLatestCode(app, PERSON.email);
    secrets.set('verification code', code);
    const verified = await post(
      '/api/auth/verify-code',
      { purpose: 'email-verification', email: PERSON.email, code },
      signUpCookie,
    );
    expect(verified.json()).toMatchObject({ verified: true });
    const taken = await post('/api/auth/signup', {
      country: 'ZM',
      email: PERSON.email,
      password: PERSON.password,
      name: PERSON.name,
      username: `${PERSON.username}x`,
    });
    expect(taken.statusCode, 'the unique index refuses the second sign-up').toBe(409);
    const wrong = await post('/api/auth/signin', {
      identifier: PERSON.email,
      password: `${PERSON.password}!`,
    });
    expect(wrong.statusCode).toBe(401);
    const signIn = await post('/api/auth/signin', { identifier: PERSON.username, password: PERSON.password });
    expect(signIn.statusCode, signIn.body).toBe(200);
    secrets.set('session cookie', findCookie(signIn, 'token')!.value);
    const question = await post(
      '/api/auth/security-question',
      { question: 'What was the name of your first school?', answer: PERSON.answer },
      readCookies(signIn),
    );
    expect(question.statusCode, question.body).toBe(200);
    const checked = await post(
      '/api/auth/security-question/verify',
      { answer: PERSON.answer },
      readCookies(signIn),
    );
    expect(checked.statusCode, checked.body).toBe(200);
    secrets.set('security-check cookie', findCookie(checked, 'security_check')!.value);
    const cookie = `${readCookies(signIn)}; ${readCookies(checked)}`;
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: '/api/users/account-type',
          headers: { cookie },
          payload: { name: 'creator', cartegory: 'music artist' },
        })
      ).statusCode,
    ).toBe(200);

    // The profile with a birthday and a phone, then a save the database refuses (a 500).
    const profile = {
      name: PERSON.name,
      username: `@${PERSON.username}`,
      gender: null,
      country: 'ZM',
      cartegory: 'music artist',
      bio: '',
      birthday: PERSON.birthday,
      about: '',
      imagePublicId: null,
      phone: PERSON.phone,
    };
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { cookie },
      payload: profile,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const refusedSave = await app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { cookie },
      payload: { ...profile, name: REFUSED_NAME },
    });
    expect(refusedSave.statusCode).toBe(500);
    const refusedSignUp = await post('/api/auth/signup', {
      country: 'ZM',
      email: `refused.${PERSON.email}`,
      password: PERSON.password,
      name: REFUSED_NAME,
      username: `${PERSON.username}refused`,
    });
    expect(refusedSignUp.statusCode).toBe(500);
    const [row] = await app.db.select().from(users).where(eq(users.email, PERSON.email.toLowerCase()));
    secrets.set('password hash', row!.passwordHash!.slice(-30));
    secrets.set('security answer hash', row!.securityAnswerHash!.slice(-30));

    // Forgot password, then the mailed link, then the new password.
    expect((await post('/api/auth/forgot-password', { email: PERSON.email })).statusCode).toBe(200);
    const mail = await waitForMail(PERSON.email, 'Reset your Stagepass password');
    const link = new URL(/(http\S+)/.exec(mail)![1]!);
    const token = new URLSearchParams(link.hash.slice(1)).get('reset')!;
    secrets.set('reset token', token);
    // The page as a browser asks for it: the fragment stays in the browser.
    await fetch(link);
    const check = await post('/api/auth/verify-code', {
      purpose: 'reset-password',
      email: PERSON.email,
      code: token,
    });
    expect(check.json()).toMatchObject({ verified: true });
    const reset = await post('/api/auth/reset-password', {
      email: PERSON.email,
      token,
      password: PERSON.newPassword,
      password2: PERSON.newPassword,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    // A link in the old shape, as a browser would still send it: path and query reach the server.
    await fetch(`${baseUrl}/account/forgot-password/${encodeURIComponent(PERSON.email)}?reset=${token}`);
    const again = await post('/api/auth/signin', { identifier: PERSON.email, password: PERSON.newPassword });
    expect(again.statusCode).toBe(200);
    secrets.set('session cookie after reset', findCookie(again, 'token')!.value);
    const newCookie = `${readCookies(again)}; ${readCookies(await verifyAnswer(readCookies(again)))}`;

    // Pages and API reads whose paths name the person.
    await fetch(`${baseUrl}/@${PERSON.username}`);
    await fetch(`${baseUrl}/api/users/@${PERSON.username}`);
    await fetch(`${baseUrl}/api/auth/username-available/${PERSON.username}`);
    await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(PERSON.email)}`);
    await fetch(`${baseUrl}/api/no-such-route/${PERSON.username}?email=${encodeURIComponent(PERSON.email)}`, {
      method: 'POST',
    });

    // A photo post for subscribers, and its signed address.
    const upload = await uploadPostFile(app, newCookie, { data: await makeImage('jpeg') });
    expect(upload.statusCode, upload.body).toBe(201);
    const publicId: string = upload.json().public_id;
    await waitForMediaReady(publicId, newCookie);
    await insertPostRows(app.db, [
      {
        authorId: row!.id,
        createdAt: new Date(),
        type: 'photo',
        visibility: 'subscribers',
        mediaPublicId: publicId,
      },
    ]);
    const issued = await issueMediaUrls({
      db: app.db,
      appSecret: testApp.config.appSecret,
      viewerId: row!.id,
      publicId,
    });
    const signedUrl = Object.values(issued!.urls)[0]!;
    secrets.set('media signature', new URL(signedUrl, baseUrl).searchParams.get('sig')!);
    expect((await app.inject({ url: signedUrl, headers: { cookie: newCookie } })).statusCode).toBe(200);

    // A card through the sandbox tokeniser, and a top-up from the phone through the pawaPay sandbox.
    const tokenized = await tokenizeCard(app, { cardNumber: CARD_DIGITS, expires: '08/31', cvc: CVC });
    expect(tokenized.statusCode, tokenized.body).toBe(200);
    const person = { id: row!.id, username: `@${PERSON.username}`, cookie: newCookie };
    expect((await addCardAs(app, person, { token: tokenized.json().token })).statusCode).toBe(201);
    expect(
      (await tokenizeCard(app, { cardNumber: `${CARD_DIGITS.slice(0, -1)}7`, expires: '08/31', cvc: CVC }))
        .statusCode,
    ).toBe(400);
    const msisdn = `260${PERSON.phone.slice(1)}`;
    const deposit = depositRequest(msisdn);
    expect((await postDeposit(app, newCookie, deposit)).statusCode).toBe(200);
    await waitForStatus(app, newCookie, deposit.depositId, ['COMPLETED']);
    // One the provider refuses: an MTN number sent as Airtel.
    await postDeposit(app, newCookie, { ...depositRequest(msisdn), correspondent: 'AIRTEL_OAPI_ZMB' });

    // Social sign-in through the development provider: a new account, then signed straight in.
    const social = new Browser(baseUrl);
    await social.signInWithProvider('/api/auth/oidc/start', SOCIAL_EMAIL.toLowerCase());
    secrets.set('OIDC pending cookie (ID token)', social.cookies.get('oidc_pending')!);
    const completed = await social.request('/api/auth/oidc/complete-signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ country: 'ZM', name: 'Chileshe Bwalya', username: SOCIAL_USERNAME }),
    });
    expect(completed.status).toBe(201);
    const returning = new Browser(baseUrl);
    const landing = await returning.signInWithProvider('/api/auth/oidc/start', SOCIAL_EMAIL.toLowerCase());
    expect(landing).toMatch(/^\/signin\?social=done/);
    secrets.set('OIDC session cookie', returning.cookies.get('token')!);
    const callback = new URL(returning.visited.find((url) => url.includes('/api/auth/oidc/callback'))!);
    secrets.set('OIDC code', callback.searchParams.get('code')!);
    secrets.set('OIDC state', callback.searchParams.get('state')!);

    for (const [kind, value] of Object.entries({
      password: PERSON.password,
      'new password': PERSON.newPassword,
      'argon2 hash': '$argon2',
      email: PERSON.email,
      'email, encoded': encodeURIComponent(PERSON.email),
      'email of the refused sign-up': `refused.${PERSON.email}`,
      username: PERSON.username,
      name: PERSON.name,
      birthday: PERSON.birthday,
      phone: PERSON.phone.slice(1),
      'security answer': PERSON.answer,
      'social email': SOCIAL_EMAIL,
      'social username': SOCIAL_USERNAME,
      'card number': CARD_DIGITS.slice(0, 12),
      CVC,
    })) {
      secrets.set(kind, value);
    }

    const leaks = [...secrets].map(([kind, value]) => searchLog(kind, value)).filter(Boolean);
    expect(leaks).toEqual([]);
    // The capture works: requests were logged, by their route.
    const log = lines.join('');
    expect(log).toContain('"route":"/api/users/:username"');
    expect(log).toContain('"route":"/media/*"');
    expect(log).toContain('"route":"/api/auth/oidc/callback"');
    expect(log).toContain('"level":10');
    expect(log).toContain('refused by the log test');
  }, 60_000);
});

async function verifyAnswer(cookie: string) {
  const response = await post('/api/auth/security-question/verify', { answer: PERSON.answer }, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

/** Mail may go from a background job: wait for it a little. */
async function waitForMail(email: string, subject: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const latest = await readLatestMail(testApp.app, email).catch(() => undefined);
    if (latest?.subject === subject) return latest.text;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail '${subject}' to ${email}`);
}

async function waitForMediaReady(publicId: string, cookie: string) {
  for (let attempt = 0; attempt < 150; attempt++) {
    const response = await testApp.app.inject({ url: `/api/media/${publicId}/status`, headers: { cookie } });
    if (response.json().status === 'ready') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`media ${publicId} was not processed`);
}

describe('a failed query in the log', () => {
  it("keeps the database's code, constraint and message, and none of the values", async () => {
    const { app } = testApp;
    await app.db.execute(sql`create table log_test_people (email text unique, age integer, data json)`);
    await app.db.execute(sql`insert into log_test_people (email) values (${'taken.person@example.com'})`);
    const refused = [
      // 23505, its detail: 'Key (email)=(taken.person@example.com) already exists.'
      sql`insert into log_test_people (email) values (${'taken.person@example.com'})`,
      // 22P02, its message quotes the value.
      sql`insert into log_test_people (email, age) values (${'age.person@example.com'}, ${'seventy-seven'})`,
      // 22P02 for JSON, its detail and context quote the text.
      sql`insert into log_test_people (email, data) values (${'json.person@example.com'}, ${'{"pin": 4242x}'})`,
    ];
    for (const query of refused) {
      const error = await app.db.execute(query).then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(Error);
      app.log.error({ err: error }, 'a failed query of the log test');
    }

    const logged = lines.filter((line) => line.includes('a failed query of the log test'));
    expect(logged).toHaveLength(3);
    const [unique, integer, json] = logged.map((line) => JSON.parse(line).err);
    expect(unique).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert into log_test_people (email) values ($1)',
      cause: {
        type: 'DatabaseError',
        code: '23505',
        constraint: 'log_test_people_email_key',
        table: 'log_test_people',
        message: 'duplicate key value violates unique constraint "log_test_people_email_key"',
      },
    });
    expect(unique.stack).toMatch(
      /^DrizzleQueryError: Failed query: insert into log_test_people \(email\) values \(\$1\)\n\s+at /,
    );
    expect(integer.cause).toMatchObject({
      code: '22P02',
      message: 'invalid input syntax for type integer: "…"',
    });
    expect(json.cause).toMatchObject({ code: '22P02' });
    for (const value of ['taken.person', 'age.person', 'json.person', 'seventy-seven', '4242x', 'Key (']) {
      expect(logged.join('')).not.toContain(value);
    }
  });
});
