import { PAYOUT_MESSAGES } from '@stagepass/contract/payouts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../app.ts';
import { type Database, openPostgres } from '../../../db/client.ts';
import { autoPayoutRuns, payouts } from '../../../db/schema/index.ts';
import { createCreatorWithEarnings, removeAs, saveNumberAs } from '../../../test/factories/money.ts';
import { createPerson, type TestPerson } from '../../../test/factories/people.ts';
import { setupProviderApart } from '../deposits/test-provider-apart.ts';
import { runAutoPayouts } from './auto-payouts.ts';
import { createPayoutAvailabilityReader } from './payout-availability.ts';
import {
  expectBooksInOrder,
  expectPayoutSettledOnce,
  readEarningsAs,
  readStoredStatus,
  waitUntil,
} from './test-payouts.ts';

// Auto-payout (auto-payouts.ts) against the sandbox running apart, which counts the bulk
// requests it receives: the day's run pays the available balance to the preferred number
// once, however many runs race, and at once past the threshold; 20 payouts at most a bulk
// request; a creator it cannot pay gets a note saying why.

const provider = setupProviderApart({ finalAfterMs: 1000 });
const THRESHOLD = 50_000; // K500
let app: App;
/** A second connection pool on the same PostgreSQL database, as a second server has (PGlite: the same). */
let otherServer: Database | undefined;

beforeAll(async () => {
  app = await provider.startServer({
    JOB_CONCURRENCY: '0',
    AUTO_PAYOUT_HOUR: '8',
    AUTO_PAYOUT_THRESHOLD: String(THRESHOLD),
  });
  if (provider.databaseUrl) otherServer = await openPostgres(provider.databaseUrl);
});
afterAll(async () => {
  await otherServer?.close();
  await app?.close();
});

/** Today (UTC) at `hour`:30. */
function todayAt(hour: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour, 30));
}

function runAt(hour: number, db = app.db) {
  return runAutoPayouts({
    db,
    pawapay: app.pawapay,
    log: app.log,
    settings: app.config.payouts,
    readAvailability: createPayoutAvailabilityReader(app.pawapay),
    now: todayAt(hour),
  });
}

function setAutoPayoutAs(target: App, person: TestPerson, enabled: boolean) {
  return target.inject({
    method: 'PUT',
    url: '/api/payouts/auto',
    headers: { cookie: person.cookie },
    payload: { enabled },
  });
}

/**
 * A creator who earned `ngwee`, with auto-payout on and `phone` as their number; with null,
 * the number they turned it on with was removed since (it cannot be turned on without one).
 */
async function createAutoPayingCreator(ngwee: number, phone: string | null = '0763456789') {
  const creator = ngwee > 0 ? await createCreatorWithEarnings(app, ngwee) : await createPerson(app);
  const methodId = await saveNumberAs(app, creator, phone ?? '0763456700');
  expect((await setAutoPayoutAs(app, creator, true)).statusCode).toBe(200);
  if (!phone) expect((await removeAs(app, creator, methodId)).statusCode).toBe(200);
  return creator;
}

const automaticPayoutsOf = (creatorIds: string[]) =>
  app.db
    .select()
    .from(payouts)
    .where(and(inArray(payouts.userId, creatorIds), eq(payouts.isAutomatic, true)));

describe('auto-payout', () => {
  it('is switched by creators (the session view follows) and refused to fans', async () => {
    const creator = await createPerson(app);
    const fan = await createPerson(app, { role: 'fan' });
    const session = async (person: TestPerson) =>
      (await app.inject({ url: '/api/auth/session', headers: { cookie: person.cookie } })).json();

    expect((await session(creator)).autoPayout).toEqual({ enabled: false });
    // Nowhere to pay to yet: refused, with what to do.
    const refused = await setAutoPayoutAs(app, creator, true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'NO_PAYOUT_NUMBER',
      message: PAYOUT_MESSAGES.autoPayoutNeedsNumber,
    });
    expect((await session(creator)).autoPayout).toEqual({ enabled: false });
    await saveNumberAs(app, creator, '0763456789');
    const on = await setAutoPayoutAs(app, creator, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ autoPayout: { enabled: true } });
    expect((await session(creator)).autoPayout).toEqual({ enabled: true });
    expect((await readEarningsAs(app, creator)).autoPayout.enabled).toBe(true);
    expect((await setAutoPayoutAs(app, creator, false)).json()).toMatchObject({
      autoPayout: { enabled: false },
    });
    expect((await session(creator)).autoPayout).toEqual({ enabled: false });

    expect((await setAutoPayoutAs(app, fan, true)).statusCode).toBe(403);
    expect((await session(fan)).autoPayout).toEqual({ enabled: false });
  });

  it('pays the available balance to the preferred number after the hour, once a day however many runs race', async () => {
    const creator = await createAutoPayingCreator(15_000);

    const before = await runAt(7);
    expect(before.filter((outcome) => outcome.creatorId === creator.id)).toEqual([]);

    // Two servers' runs at once, each on its own connection pool on PostgreSQL.
    const racing = await Promise.all([runAt(9), runAt(9, otherServer?.db ?? app.db), runAt(9)]);
    const paying = racing.flat().filter((outcome) => outcome.creatorId === creator.id);
    expect(paying).toHaveLength(1);
    expect(paying[0]?.note).toBe('Sent K150 to +260 76 345 6789.');
    expect((await runAt(10)).filter((outcome) => outcome.creatorId === creator.id)).toEqual([]);

    const made = await automaticPayoutsOf([creator.id]);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ amount: 15_000, recipientPhone: '260763456789' });
    const runs = await app.db.select().from(autoPayoutRuns).where(eq(autoPayoutRuns.creatorId, creator.id));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ payoutId: made[0]?.payoutId, note: 'Sent K150 to +260 76 345 6789.' });
    expect((await readEarningsAs(app, creator)).autoPayout.lastRun).toMatchObject({
      note: 'Sent K150 to +260 76 345 6789.',
    });

    const payoutId = made[0]!.payoutId;
    await waitUntil(async () => (await readStoredStatus(app, payoutId)) === 'COMPLETED', 'the callback');
    await expectPayoutSettledOnce(app, payoutId, 'paid');
  });

  it('pays at once, before the hour, when the balance passes the threshold', async () => {
    const creator = await createAutoPayingCreator(THRESHOLD + 1_000);

    const outcomes = (await runAt(3)).filter((outcome) => outcome.creatorId === creator.id);
    expect(outcomes).toHaveLength(1);
    expect((await runAt(3)).filter((outcome) => outcome.creatorId === creator.id)).toEqual([]);
    expect(await automaticPayoutsOf([creator.id])).toMatchObject([{ amount: THRESHOLD + 1_000 }]);
    expect(await readEarningsAs(app, creator)).toMatchObject({ available: 0, onItsWay: THRESHOLD + 1_000 });
    await expectBooksInOrder(app);
  });

  it('does not send a threshold payout again the day one failed, and keeps a cancelled one cancelled', async () => {
    const creator = await createAutoPayingCreator(THRESHOLD + 1_000, '0763456119');

    await runAt(3);
    const [first] = await automaticPayoutsOf([creator.id]);
    await waitUntil(async () => (await readStoredStatus(app, first!.payoutId)) === 'FAILED', 'FAILED');
    expect((await readEarningsAs(app, creator)).available).toBe(THRESHOLD + 1_000);
    await runAt(4);
    await runAt(5);

    expect(await automaticPayoutsOf([creator.id])).toHaveLength(1);
    await expectPayoutSettledOnce(app, first!.payoutId, 'returned');
    // Off again, so the day's run of the other tests leaves this creator out.
    expect((await setAutoPayoutAs(app, creator, false)).statusCode).toBe(200);
  });

  it('sends them to pawaPay in bulk requests of 20 at most', async () => {
    const creators: TestPerson[] = [];
    for (let index = 0; index < 25; index += 1) creators.push(await createAutoPayingCreator(3_000));
    const ids = creators.map((creator) => creator.id);

    const outcomes = (await runAt(9)).filter((outcome) => ids.includes(outcome.creatorId));

    expect(outcomes).toHaveLength(25);
    const made = await automaticPayoutsOf(ids);
    expect(made).toHaveLength(25);
    const madeIds = made.map((payout) => payout.payoutId);
    const bulks = provider.requests.filter(
      (request) => request.path === '/payouts/bulk' && request.payoutIds.some((id) => madeIds.includes(id)),
    );
    expect(bulks.map((request) => request.payoutIds.length)).toEqual([20, 5]);
    expect(
      provider.requests.filter(
        (request) => request.path === '/payouts' && request.payoutIds.some((id) => madeIds.includes(id)),
      ),
    ).toEqual([]);
    await expectBooksInOrder(app);
  });

  it('skips, with a note, a creator under the minimum, one without a number, and one whose operator is CLOSED', async () => {
    const underMinimum = await createAutoPayingCreator(1_500);
    const noNumber = await createAutoPayingCreator(5_000, null);
    const closed = await createAutoPayingCreator(5_000, '0971234789');
    await provider.sandbox.setPayoutAvailability('AIRTEL_OAPI_ZMB', 'CLOSED');
    try {
      const outcomes = await runAt(9);
      const noteOf = (creator: TestPerson) => outcomes.find((outcome) => outcome.creatorId === creator.id);
      expect(noteOf(underMinimum)).toEqual({
        creatorId: underMinimum.id,
        payoutId: null,
        note: 'Skipped: K15 available, under the K20 minimum.',
      });
      expect(noteOf(noNumber)?.note).toBe('Skipped: add a mobile money number in Settings.');
      expect(noteOf(closed)?.note).toBe('Skipped: your operator is not taking payouts right now.');
    } finally {
      await provider.sandbox.setPayoutAvailability('AIRTEL_OAPI_ZMB', 'OPERATIONAL');
    }
    expect((await readEarningsAs(app, closed)).autoPayout.lastRun).toMatchObject({
      note: 'Skipped: your operator is not taking payouts right now.',
    });
    expect(await automaticPayoutsOf([underMinimum.id, noNumber.id, closed.id])).toEqual([]);
    expect((await readEarningsAs(app, noNumber)).available).toBe(5_000);
  });

  it('runs once a day with two servers running jobs on one database', async () => {
    const creator = await createAutoPayingCreator(12_000);
    // Both past the day's hour, each with its job engine (and on PostgreSQL its own pool).
    const env = { JOB_CONCURRENCY: '1', AUTO_PAYOUT_HOUR: '0', AUTO_PAYOUT_THRESHOLD: String(THRESHOLD) };
    const servers = await Promise.all([provider.startServer(env), provider.startServer(env, otherServer)]);
    try {
      await waitUntil(async () => (await automaticPayoutsOf([creator.id])).length > 0, 'the day’s run');
      for (const server of servers) server.jobs.wake();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const made = await automaticPayoutsOf([creator.id]);
      expect(made).toMatchObject([{ amount: 12_000, recipientPhone: '260763456789' }]);
      const runs = await app.db.select().from(autoPayoutRuns).where(eq(autoPayoutRuns.creatorId, creator.id));
      expect(runs).toHaveLength(1);
      await waitUntil(
        async () => (await readStoredStatus(app, made[0]!.payoutId)) === 'COMPLETED',
        'COMPLETED',
      );
      await expectPayoutSettledOnce(app, made[0]!.payoutId, 'paid');
    } finally {
      await Promise.all(servers.map((server) => server.close()));
    }
  });
});
