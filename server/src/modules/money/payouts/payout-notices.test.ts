import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../../../app.ts';
import { jobs, payouts, users } from '../../../db/schema/index.ts';
import {
  createCreatorWithEarnings,
  insertReservedPayout,
  saveNumberAs,
} from '../../../test/factories/money.ts';
import { createPerson, type TestPerson } from '../../../test/factories/people.ts';
import { setupListeningTestApp, wait } from '../deposits/test-deposits.ts';
import { runAutoPayouts } from './auto-payouts.ts';
import { createPayoutAvailabilityReader } from './payout-availability.ts';
import {
  expectPayoutSettledOnce,
  PAYOUT_NUMBERS,
  payOutAs,
  waitForPayout,
  waitUntil,
} from './test-payouts.ts';

// The creator hears of each payout's end by one mail (payout-notices.ts), however many times
// pawaPay tells us of it. The job engine runs here (JOB_CONCURRENCY 1); mail goes to the dev outbox.

const testApp = setupListeningTestApp({ JOB_CONCURRENCY: '1' });

/** The creator's payout mails in the dev outbox, once no payout notice is left to send. */
async function readPayoutMails(app: App, creator: TestPerson) {
  const isPending = and(
    inArray(jobs.kind, ['payout.settled:mail-the-creator', 'auto-payout-skipped']),
    inArray(jobs.status, ['queued', 'running']),
  );
  await waitUntil(async () => {
    app.jobs.wake();
    return (await app.db.$count(jobs, isPending)) === 0;
  }, 'the payout notices to be sent');
  const [user] = await app.db.select({ email: users.email }).from(users).where(eq(users.id, creator.id));
  const answer = await app.inject(`/api/dev/outbox?to=${encodeURIComponent(user!.email)}`);
  return (answer.json().messages as { subject: string; text: string }[]).filter((mail) =>
    /payout/i.test(mail.subject),
  );
}

/** pawaPay tells us again of a final payout: its callback resent, and a poll. */
async function hearAgain(app: App, creator: TestPerson, payoutId: string) {
  for (let round = 0; round < 2; round += 1) await app.pawapay.resendPayoutCallback(payoutId);
  await app.inject({ url: `/api/payouts/${payoutId}`, headers: { cookie: creator.cookie } });
  await wait(800);
}

describe('the mail about a payout', () => {
  it('is sent once when it is paid', async () => {
    const { app } = testApp;
    const creator = await createCreatorWithEarnings(app, 10_000);
    const { payout } = (
      await payOutAs(app, creator, { amount: 5_000, phone: PAYOUT_NUMBERS.completes })
    ).json();
    await waitForPayout(app, creator, payout.payoutId, 'COMPLETED');
    await hearAgain(app, creator, payout.payoutId);

    const mails = await readPayoutMails(app, creator);

    expect(mails.map((mail) => mail.subject)).toEqual(['Your payout of K50 was paid']);
    expect(mails[0]?.text).toContain('reached +260 76 345 6789');
    await expectPayoutSettledOnce(app, payout.payoutId, 'paid');
  });

  it('is sent once when it fails, with the reason and the money available again', async () => {
    const { app } = testApp;
    const creator = await createCreatorWithEarnings(app, 10_000);
    const { payout } = (
      await payOutAs(app, creator, { amount: 4_000, phone: PAYOUT_NUMBERS.recipientNotFound })
    ).json();
    const failed = await waitForPayout(app, creator, payout.payoutId, 'FAILED');
    await hearAgain(app, creator, payout.payoutId);

    const mails = await readPayoutMails(app, creator);

    expect(mails.map((mail) => mail.subject)).toEqual(['Your payout of K40 did not go through']);
    expect(mails[0]?.text).toContain(failed.failureReason);
    expect(mails[0]?.text).toContain('The money is available to pay out again.');
    await expectPayoutSettledOnce(app, payout.payoutId, 'returned');
  });

  it('is sent once for a day whose auto-payout was skipped for want of a number, not for a balance under the minimum', async () => {
    const { app } = testApp;
    const noNumber = await createCreatorWithEarnings(app, 5_000);
    const underMinimum = await createCreatorWithEarnings(app, 1_500);
    const removedNumberId = await saveNumberAs(app, noNumber, '0763456789');
    await saveNumberAs(app, underMinimum, '0763456789');
    for (const creator of [noNumber, underMinimum]) {
      const answer = await app.inject({
        method: 'PUT',
        url: '/api/payouts/auto',
        headers: { cookie: creator.cookie },
        payload: { enabled: true },
      });
      expect(answer.statusCode).toBe(200);
    }
    // Auto-payout cannot be turned on without a number; a number removed afterwards leaves it
    // on with nowhere to pay to.
    const removal = await app.inject({
      method: 'DELETE',
      url: `/api/payment-methods/${removedNumberId}`,
      headers: { cookie: noNumber.cookie },
    });
    expect(removal.statusCode, removal.body).toBeLessThan(300);
    const now = new Date();
    now.setUTCHours(23, 0, 0, 0);
    const run = () =>
      runAutoPayouts({
        db: app.db,
        pawapay: app.pawapay,
        log: app.log,
        settings: { ...app.config.payouts, autoPayoutHourUtc: 8 },
        readAvailability: createPayoutAvailabilityReader(app.pawapay),
        now,
      });
    await Promise.all([run(), run()]);
    await run();

    const mails = await readPayoutMails(app, noNumber);

    expect(mails.map((mail) => mail.subject)).toEqual(["Today's auto-payout was not sent"]);
    expect(mails[0]?.text).toContain('add a mobile money number in Settings.');
    expect(await readPayoutMails(app, underMinimum)).toEqual([]);
  });

  it('is sent for a payout-notice job the version before the payout.settled event left queued', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const payoutId = await insertReservedPayout(app, creator);
    // Paid as that version saw it, its notice queued and not yet sent when the new version
    // starts: no handler of this version takes a 'payout-notice' job, until the migration
    // makes it the event's delivery.
    await app.db.update(payouts).set({ status: 'COMPLETED' }).where(eq(payouts.payoutId, payoutId));
    await app.db.insert(jobs).values({ kind: 'payout-notice', payload: { payoutId } });

    await app.db.execute(sql.raw(readMigration('payout_notices_as_events')));

    const mails = await readPayoutMails(app, creator);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your payout of K20 was paid']);
    expect(await app.db.$count(jobs, eq(jobs.kind, 'payout-notice'))).toBe(0);
  });
});

/** The SQL of the migration named `name`, whatever its number. */
function readMigration(name: string): string {
  const folder = path.resolve(import.meta.dirname, '../../../db/migrations');
  const file = readdirSync(folder).find((entry) => entry.endsWith(`_${name}.sql`));
  if (!file) throw new Error(`no migration ${name}`);
  return readFileSync(path.join(folder, file), 'utf8');
}
