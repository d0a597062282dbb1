import type { TCreatorCategory } from '@stagepass/contract/auth';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { blocks, follows, users } from '../../db/schema/index.ts';
import { createId } from '../../lib/ids.ts';
import { createSession } from '../../modules/auth/sessions.service.ts';
import { createSecurityCheckValue } from '../../plugins/session.ts';
import { personRow } from './person-rows.ts';

// The platform's people for tests and for the demo seed, in three weights:
// - createPerson: a row and a real session (the cookie the server reads), no sign-up. For
//   tests that need dozens of people: sign-up's argon2 and its rate limit would dominate them.
// - signUpAccount, createFan, createCreator (and signUpCreatorOverHttp for a spawned
//   server): made the way real people are (sign-up, then the account-type step), so every
//   rule on the way applies to them too.
// - insertCreator, insertPeople: only the rows, for lists that read nothing else and for the
//   demo seed, which makes its people by the dozen with back-dated times.
// The demo seed ships with the server (modules/demo/), so this file imports nothing of the
// tests (no vitest, no test helpers): only the app's own code.

let counter = 0;

export type TestPerson = { id: string; username: string; cookie: string };

/** A fan or creator (a creator unless said; null: no type chosen yet), verified and signed in. */
export async function createPerson(
  app: App,
  options: { role?: 'creator' | 'fan' | null; name?: string; isSecurityChecked?: boolean } = {},
): Promise<TestPerson> {
  counter += 1;
  const id = createId();
  const username = `@person${Date.now().toString(36)}${counter}`;
  const role = options.role === undefined ? 'creator' : options.role;
  const isSecurityChecked = options.isSecurityChecked ?? true;
  await app.db.insert(users).values(
    personRow({
      id,
      email: `${username.slice(1)}@example.com`,
      username,
      name: options.name ?? `Person ${counter}`,
      role,
      // Sign-in's second step, taken as a person takes it (no argon2 here: nobody answers it).
      ...(isSecurityChecked && {
        securityQuestion: 'What was the name of your first pet?',
        securityAnswerHash: 'not-a-hash: these tests never answer the question',
      }),
    }),
  );
  const { token, session } = await createSession(app.db, { userId: id, signedInWith: 'password' });
  const cookie = isSecurityChecked
    ? `token=${token}; security_check=${createSecurityCheckValue(app.config, session.id)}`
    : `token=${token}`;
  return { id, username, cookie };
}

export type SignedUpAccount = { email: string; username: string; password: string; cookie: string };

/** An account through the sign-up API: email not verified, no account type chosen yet. */
export async function signUpAccount(
  app: App,
  overrides: Partial<{ email: string; username: string; password: string; name: string }> = {},
): Promise<SignedUpAccount> {
  counter += 1;
  const unique = `${Date.now().toString(36)}${counter}`;
  const body = {
    country: 'ZM',
    email: overrides.email ?? `fan${unique}@example.com`,
    password: overrides.password ?? 'kalulu river sunrise',
    name: overrides.name ?? 'Thandiwe Phiri',
    username: overrides.username ?? `thandiwe${unique}`,
  };
  const response = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.body}`);
  return {
    email: body.email.toLowerCase(),
    username: `@${body.username.replace(/^@/, '').toLowerCase()}`,
    password: body.password,
    cookie: readCookies(response),
  };
}

/** A signed-up creator: sign-up, then the account-type step. */
export async function createCreator(
  app: App,
  options: { name?: string; cartegory?: TCreatorCategory } = {},
): Promise<SignedUpAccount> {
  const account = await signUpAccount(app, { name: options.name });
  await setAccountType(app, account.cookie, {
    name: 'creator',
    cartegory: options.cartegory ?? 'music artist',
  });
  return account;
}

/** A signed-up fan: sign-up, then the account-type step. */
export async function createFan(app: App, options: { name?: string } = {}): Promise<SignedUpAccount> {
  const account = await signUpAccount(app, { name: options.name });
  await setAccountType(app, account.cookie, { name: 'fan' });
  return account;
}

async function setAccountType(app: App, cookie: string, payload: object): Promise<void> {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/users/account-type',
    headers: { cookie },
    payload,
  });
  if (response.statusCode !== 200) throw new Error(`account type not set: ${response.body}`);
}

/**
 * A creator signed up on a running server as a person does it, over HTTP: sign-up, the
 * code from the dev outbox, account type. Its Cookie header. For tests and benches of a
 * spawned server.
 */
export async function signUpCreatorOverHttp(baseUrl: string): Promise<string> {
  counter += 1;
  const unique = `${Date.now().toString(36)}${process.pid}${counter}`;
  const email = `creator${unique}@example.com`;
  const call = async (path: string, method: string, body: unknown, cookie = '') => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response;
  };
  const signUp = await call('/api/auth/signup', 'POST', {
    country: 'ZM',
    email,
    password: 'kalulu river sunrise',
    name: 'Chanda Creator',
    username: `creator${unique}`,
  });
  const cookie = signUp.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const outbox = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const { messages } = (await outbox.json()) as { messages: { text: string }[] };
  const code = /\b(\d{6})\b/.exec(messages[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  await call('/api/auth/verify-code', 'POST', { purpose: 'email-verification', email, code }, cookie);
  await call('/api/users/account-type', 'PUT', { name: 'creator', cartegory: 'music artist' }, cookie);
  return cookie;
}

/** The signed-in person's id, as the session answers it. */
export async function findUserId(app: App, cookie: string): Promise<string> {
  const response = await app.inject({ url: '/api/auth/session', headers: { cookie } });
  return response.json()._id;
}

/** Marks an account's email verified, as the emailed code does. */
export async function markEmailVerified(app: App, email: string): Promise<void> {
  await app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, email));
}

/** A creator (or fan) as a row only, not signed in: for the creator lists. */
export async function insertCreator(
  db: Db,
  options: {
    name: string;
    username?: string;
    category?: TCreatorCategory;
    bio?: string;
    /** A picture: any id will do, the lists only make its URL. */
    avatarPublicId?: string;
    followersCount?: number;
    lastActiveAt?: Date;
    role?: 'creator' | 'fan';
  },
): Promise<{ id: string; username: string }> {
  counter += 1;
  const id = createId();
  const username = `@${options.username ?? `${options.name.toLowerCase().replace(/\W/g, '')}${counter}`}`;
  const role = options.role ?? 'creator';
  await db.insert(users).values(
    personRow({
      id,
      email: `${username.slice(1)}-${counter}@example.com`,
      username,
      name: options.name,
      role,
      category: role === 'creator' ? (options.category ?? 'music artist') : null,
      // The lists never ask; these people never signed up.
      emailVerifiedAt: null,
      bio: options.bio ?? '',
      avatarPublicId: options.avatarPublicId ?? null,
      followersCount: options.followersCount ?? 0,
      lastActiveAt: options.lastActiveAt ?? new Date(Date.now() - 30 * 86_400_000),
    }),
  );
  return { id, username };
}

/** People as rows made with personRow (ids, times and counts as given), in one insert. */
export async function insertPeople(db: Db, rows: (typeof users.$inferInsert)[]): Promise<void> {
  await db.insert(users).values(rows);
}

/** Sets a person's avatar to an avatar asset the media module stored for them. */
export async function setAvatar(db: Db, userId: string, avatarPublicId: string): Promise<void> {
  await db.update(users).set({ avatarPublicId }).where(eq(users.id, userId));
}

export async function findUserIdByUsername(db: Db, username: string): Promise<string> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!user) throw new Error(`no user ${username}`);
  return user.id;
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

/**
 * A follow row, now unless said. The followers count stays as it is (for tests of who sees
 * what) unless `isCounted`: then it moves with the row, as the profiles module records a follow.
 */
export async function insertFollow(
  app: App,
  followerId: string,
  followedId: string,
  options: { createdAt?: Date; isCounted?: boolean } = {},
): Promise<void> {
  await insertFollows(app.db, [{ followerId, followedId, createdAt: options.createdAt }]);
  if (options.isCounted) {
    await app.db
      .update(users)
      .set({ followersCount: sql`${users.followersCount} + 1` })
      .where(eq(users.id, followedId));
  }
}

/** Follow rows in one insert; the followers counts are the caller's (the demo sets them on its rows). */
export async function insertFollows(
  db: Db,
  rows: readonly { followerId: string; followedId: string; createdAt?: Date }[],
): Promise<void> {
  await db.insert(follows).values([...rows]);
}

export async function insertBlock(app: App, blockerId: string, blockedId: string): Promise<void> {
  await app.db.insert(blocks).values({ blockerId, blockedId });
}

/** The `name=value` pairs a response set, ready to send back as a Cookie header. */
export function readCookies(response: LightMyRequestResponse): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

export function findCookie(response: LightMyRequestResponse, name: string) {
  return response.cookies.find((cookie) => cookie.name === name);
}

export async function signIn(app: App, identifier: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/auth/signin', payload: { identifier, password } });
}

/** A GET as the person with this cookie (none: signed out). */
export function getAs(app: App, cookie: string | undefined, url: string) {
  return app.inject({ url, headers: cookie ? { cookie } : {} });
}
