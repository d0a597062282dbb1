import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../../../app.ts';
import { deposits, payouts } from '../../../db/schema/index.ts';
import {
  createCreatorWithEarnings,
  depositRequest,
  insertReservedPayout,
  readStatus,
} from '../../../test/factories/money.ts';
import { createPerson } from '../../../test/factories/people.ts';
import { NEVER_RECEIVED_AFTER_MS, reconcileDeposits } from '../deposits/deposit-reconciliation.ts';
import { saveDeposit } from '../deposits/deposits.service.ts';
import { setupListeningTestApp } from '../deposits/test-deposits.ts';
import { reconcilePayouts } from './payout-reconciliation.ts';
import { readPayoutAs, readStoredStatus } from './test-payouts.ts';

// A payment pawaPay never received while its person's page keeps asking about it: the page's
// reads ask pawaPay too, but only the reconciliation may re-send a payout or close a
// deposit, and the reads must not keep it from doing so (they used to mark the row as asked
// lately, and a page asking every 3 s kept it out of every round).

const testApp = setupListeningTestApp();
const INTERVAL_MS = 30_000;

async function ageBy(app: App, table: typeof payouts | typeof deposits, id: string, minutes: number) {
  const key = table === payouts ? payouts.payoutId : deposits.depositId;
  await app.db
    .update(table)
    .set({ createdAt: sql`${table.createdAt} - make_interval(mins => ${minutes})` })
    .where(eq(key, id));
}

describe('a payment pawaPay never received, polled by its page', () => {
  it('is re-sent by the reconciliation while the creator’s page keeps reading the payout', async () => {
    const { app } = testApp;
    const creator = await createCreatorWithEarnings(app, 10_000);
    const payoutId = await insertReservedPayout(app, creator);
    await ageBy(app, payouts, payoutId, 2);
    expect(await app.pawapay.getPayout(payoutId)).toBeNull();

    // The page reads it every 3 s: each read asks pawaPay, which does not know it.
    for (let read = 0; read < 3; read += 1) {
      expect((await readPayoutAs(app, creator, payoutId)).status).toBe('INITIATED');
    }
    const outcome = await reconcilePayouts({
      db: app.db,
      pawapay: app.pawapay,
      log: app.log,
      intervalMs: INTERVAL_MS,
    });

    expect(outcome.checked).toBe(1);
    expect(await app.pawapay.getPayout(payoutId)).not.toBeNull();
    expect(await readStoredStatus(app, payoutId)).not.toBe('INITIATED');
  });

  it('closes a top-up pawaPay never received while the wallet keeps reading its status', async () => {
    const { app } = testApp;
    const fan = await createPerson(app, { role: 'fan' });
    const request = depositRequest('260763456789');
    await saveDeposit(app.db, fan.id, request);
    await ageBy(app, deposits, request.depositId, NEVER_RECEIVED_AFTER_MS / 60_000 + 1);

    for (let read = 0; read < 3; read += 1) {
      expect((await readStatus(app, fan.cookie, request.depositId)).status).toBe('INITIATED');
    }
    await reconcileDeposits({ db: app.db, pawapay: app.pawapay, log: app.log, intervalMs: INTERVAL_MS });

    const [row] = await app.db.select().from(deposits).where(eq(deposits.depositId, request.depositId));
    expect(row).toMatchObject({ status: 'REJECTED', failureCode: 'NOT_RECEIVED' });
  });
});
