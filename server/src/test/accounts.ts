import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../app.ts';
import { jobs } from '../db/schema/index.ts';

// Factories shared by the account tests (and, later, the demo seed's shape of a person).
let counter = 0;

export type SignedUpAccount = { email: string; username: string; password: string; cookie: string };

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

/** The `name=value` pairs a response set, ready to send back as a Cookie header. */
export function readCookies(response: LightMyRequestResponse): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

export function findCookie(response: LightMyRequestResponse, name: string) {
  return response.cookies.find((cookie) => cookie.name === name);
}

/**
 * Waits for the mail that requests queued for the background (reset links, resent codes)
 * to be sent, waking the worker instead of waiting for its next poll.
 */
export async function waitForQueuedMail(app: App): Promise<void> {
  const deadline = Date.now() + 10_000;
  const isPending = and(eq(jobs.kind, 'auth-mail'), inArray(jobs.status, ['queued', 'running']));
  while ((await app.db.$count(jobs, isPending)) > 0) {
    if (Date.now() > deadline) throw new Error('queued mail was not sent within 10 s');
    app.jobs.wake();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Reads the newest mail to an address from the dev outbox, as a person reads their inbox. */
export async function readLatestMail(app: App, email: string): Promise<{ subject: string; text: string }> {
  await waitForQueuedMail(app);
  const response = await app.inject(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const [latest] = response.json().messages;
  if (!latest) throw new Error(`no mail to ${email}`);
  return latest;
}

export async function readLatestCode(app: App, email: string): Promise<string> {
  const { text } = await readLatestMail(app, email);
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in: ${text}`);
  return code;
}

export async function signIn(app: App, identifier: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/auth/signin', payload: { identifier, password } });
}
