import { and, eq, inArray } from 'drizzle-orm';
import type { App } from '../app.ts';
import { jobs } from '../db/schema/index.ts';

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
