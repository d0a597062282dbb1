import { SECURITY_QUESTIONS } from '@stagepass/contract/auth';
import { eq } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { users } from '../../db/schema/index.ts';
import { findCookie, type SignedUpAccount, signUpAccount } from '../../test/factories/people.ts';

let requestCounter = 0;

/**
 * A settings request from its own address, so the per-address limits of one test do not
 * spill into the next; the per-account limits are what these tests look at.
 */
export function callSettings(
  app: App,
  options: { method: 'POST' | 'DELETE'; url: string; cookie: string; payload?: object },
) {
  requestCounter += 1;
  return app.inject({
    method: options.method,
    url: options.url,
    headers: { cookie: options.cookie },
    payload: options.payload ?? {},
    remoteAddress: `198.51.100.${(requestCounter % 250) + 1}`,
  });
}

/** An account as social sign-in makes it: no password. */
export async function removePassword(app: App, email: string): Promise<void> {
  await app.db.update(users).set({ passwordHash: null }).where(eq(users.email, email));
}

/** Sets a security question, which also marks this session as security-checked. */
export async function addSecurityCheck(app: App, cookie: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/security-question',
    headers: { cookie },
    payload: { question: SECURITY_QUESTIONS[0], answer: 'Kabulonga Primary' },
  });
  if (response.statusCode !== 200) throw new Error(`security question not set: ${response.body}`);
  return `${cookie}; security_check=${findCookie(response, 'security_check')?.value}`;
}

/** Answers the question addSecurityCheck set, in another session of the same account. */
export async function answerSecurityQuestion(app: App, cookie: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/security-question/verify',
    headers: { cookie },
    payload: { answer: 'Kabulonga Primary' },
  });
  if (response.statusCode !== 200) throw new Error(`security question not answered: ${response.body}`);
  return `${cookie}; security_check=${findCookie(response, 'security_check')?.value}`;
}

/** An account as sign-up's steps leave it: a security question, answered in this session. */
export async function signUpWithSecurityCheck(app: App): Promise<SignedUpAccount> {
  return withSecurityCheck(app, await signUpAccount(app));
}

export async function withSecurityCheck(app: App, account: SignedUpAccount): Promise<SignedUpAccount> {
  return { ...account, cookie: await addSecurityCheck(app, account.cookie) };
}

export async function findUser(app: App, id: { email: string }) {
  const [user] = await app.db.select().from(users).where(eq(users.email, id.email));
  return user;
}
