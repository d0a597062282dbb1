import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import * as schema from '../../db/schema/index.ts';
import type { Mailer, MailMessage } from '../../lib/mail/mailer.ts';
import { signUpAccount } from '../../test/factories/people.ts';
import { createTestDatabase, recordStatements } from '../../test/test-database.ts';
import { type AuthMail, createAuthMailHandler } from './auth-mail-job.ts';

/**
 * What a stranger can learn from the answers to forgot-password, resend-code, verify-code
 * and sign-in: nothing about which addresses have accounts. Timing is measured by
 * `npm run bench:auth-timing`; here the cause of a timing difference is checked
 * deterministically: a request naming an account sends the database exactly the
 * statements a request naming nobody sends, sends no mail, and gets the same answer.
 */

const statements: string[] = [];
const mailed: MailMessage[] = [];
const mailer: Mailer = {
  kind: 'dev-outbox',
  send: async (message) => {
    mailed.push(message);
  },
  close: () => {},
};
let app: App;
let dispose = async () => {};

beforeAll(async () => {
  const testDatabase = await createTestDatabase();
  // The same connection, through a Drizzle handle that records every statement it sends.
  const database = recordStatements(testDatabase.database, (statement) => statements.push(statement));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-test-'));
  // No background worker: only the request's own statements are recorded.
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JOB_CONCURRENCY: '0' });
  app = await buildApp({ config, database, mailer });
  dispose = async () => {
    await app.close();
    await testDatabase.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
});
afterAll(() => dispose());

let addresses = 0;
/** One request, from an address of its own: its answer and the statements it sent. */
async function observe(url: string, payload: object) {
  addresses += 1;
  statements.length = 0;
  mailed.length = 0;
  const response = await app.inject({ method: 'POST', url, payload, remoteAddress: `10.9.0.${addresses}` });
  return {
    status: response.statusCode,
    body: response.body,
    statements: [...statements],
    mails: mailed.length,
  };
}

async function verifiedAccount() {
  const account = await signUpAccount(app);
  await app.db
    .update(schema.users)
    .set({ emailVerifiedAt: new Date() })
    .where(eq(schema.users.email, account.email));
  return account;
}

/** Runs the mail jobs the requests queued, as the background worker would. */
async function runQueuedMail() {
  mailed.length = 0;
  const handler = createAuthMailHandler({ db: app.db, config: app.config, mailer });
  const queued = await app.db.select().from(schema.jobs).where(eq(schema.jobs.status, 'queued'));
  for (const job of queued) {
    await handler.run(job.payload as AuthMail, {
      signal: new AbortController().signal,
      attempt: 1,
      log: app.log,
    });
    await app.db.update(schema.jobs).set({ status: 'done' }).where(eq(schema.jobs.id, job.id));
  }
  return mailed.map((message) => message.to);
}

describe('a request naming an account does what one naming nobody does', () => {
  it('forgot-password: same statements, same answer, and the link is mailed only later, in the background', async () => {
    const account = await verifiedAccount();
    await runQueuedMail();
    const existing = await observe('/api/auth/forgot-password', { email: account.email });
    const unknown = await observe('/api/auth/forgot-password', { email: 'nobody-here@example.com' });
    expect(existing.statements.length).toBeGreaterThan(0);
    expect(existing.statements).toEqual(unknown.statements);
    expect(existing.body).toBe(unknown.body);
    expect(JSON.parse(existing.body)).toEqual({ success: true, message: AUTH_MESSAGES.resetLinkSent });
    expect([existing.mails, unknown.mails]).toEqual([0, 0]);
    expect(await runQueuedMail()).toEqual([account.email]);
  });

  it('resend-code: same statements, same answer, and the code is mailed only later, in the background', async () => {
    const unverified = await signUpAccount(app);
    await runQueuedMail();
    const existing = await observe('/api/auth/resend-code', { email: unverified.email });
    const unknown = await observe('/api/auth/resend-code', { email: 'nobody-here@example.com' });
    expect(existing.statements).toEqual(unknown.statements);
    expect(existing.body).toBe(unknown.body);
    expect([existing.mails, unknown.mails]).toEqual([0, 0]);
    expect(await runQueuedMail()).toEqual([unverified.email]);
  });

  it('verify-code with a wrong code: same statements and answer for a verified, an unverified and an unknown address', async () => {
    const verified = await verifiedAccount();
    const unverified = await signUpAccount(app);
    const payload = (email: string) => ({ purpose: 'email-verification', email, code: '000000' });
    const answers = [
      await observe('/api/auth/verify-code', payload(verified.email)),
      await observe('/api/auth/verify-code', payload(unverified.email)),
      await observe('/api/auth/verify-code', payload('nobody-here@example.com')),
    ];
    for (const answer of answers.slice(1)) {
      expect(answer.statements).toEqual(answers[0]!.statements);
      expect(answer.body).toBe(answers[0]!.body);
      expect(answer.status).toBe(200);
    }
  });

  it('verify-code for a reset link: same statements and answer for an account and an unknown address', async () => {
    const account = await verifiedAccount();
    const payload = (email: string) => ({ purpose: 'reset-password', email, code: 'a-guessed-token' });
    const existing = await observe('/api/auth/verify-code', payload(account.email));
    const unknown = await observe('/api/auth/verify-code', payload('nobody-here@example.com'));
    expect(existing.statements).toEqual(unknown.statements);
    expect(existing.body).toBe(unknown.body);
  });

  it('sign-in with a wrong password: same statements and answer as for an unknown account', async () => {
    const account = await verifiedAccount();
    const existing = await observe('/api/auth/signin', {
      identifier: account.email,
      password: 'not it at all',
    });
    const unknown = await observe('/api/auth/signin', {
      identifier: 'nobody-here@example.com',
      password: 'not it at all',
    });
    expect(existing.statements).toEqual(unknown.statements);
    expect(existing.body).toBe(unknown.body);
    expect(existing.status).toBe(401);
  });
});
