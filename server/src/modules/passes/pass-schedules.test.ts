import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { passes, purchases } from '../../db/schema/index.ts';
import { createFanWithBalance } from '../../test/factories/money.ts';
import { createPerson, insertBlock, type TestPerson } from '../../test/factories/people.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { readBalance, walletAccountId } from '../money/ledger/ledger.service.ts';
import { remindEndingPasses, renewDuePasses } from './pass-schedules.ts';

const testApp = setupTestApp();
const DAY_MS = 86_400_000;

async function offerAndBuy(app: App, creator: TestPerson, fan: TestPerson, period: string, price: number) {
  await app.inject({
    method: 'PUT',
    url: '/api/users/pricing',
    headers: { cookie: creator.cookie },
    payload: { period, price },
  });
  const bought = await app.inject({
    method: 'POST',
    url: '/api/purchases',
    headers: { cookie: fan.cookie },
    payload: { purchaseId: randomUUID(), kind: 'pass', creator: creator.username, period },
  });
  expect(bought.statusCode).toBe(201);
}

/** Moves the pass's end to `sqlOffset` from now ('30 minutes'). */
async function endIn(app: App, fan: TestPerson, creator: TestPerson, offset: string) {
  await app.db
    .update(passes)
    .set({ expiresAt: sql`now() + ${offset}::interval` })
    .where(and(eq(passes.fanId, fan.id), eq(passes.creatorId, creator.id)));
}

async function passOf(app: App, fan: TestPerson, creator: TestPerson) {
  const [row] = await app.db
    .select()
    .from(passes)
    .where(and(eq(passes.fanId, fan.id), eq(passes.creatorId, creator.id)));
  return row!;
}

function renew(app: App) {
  return renewDuePasses({ db: app.db, pawapay: app.pawapay, log: app.log, feePercent: 10 });
}

function outboxTo(app: App, person: TestPerson) {
  return app
    .inject(`/api/dev/outbox?to=${encodeURIComponent(`${person.username.slice(1)}@example.com`)}`)
    .then((answer) => answer.json().messages as { subject: string; text: string }[]);
}

describe('renewal from the wallet', () => {
  it('renews an opted-in pass ending within the hour, once, from its expiry; leaves the others', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 10_000);
    const notOptedIn = await createFanWithBalance(app, 10_000);
    await offerAndBuy(app, creator, fan, 'weekly', 2_000);
    await offerAndBuy(app, creator, notOptedIn, 'weekly', 2_000);
    await app.db.update(passes).set({ isAutoRenew: true }).where(eq(passes.fanId, fan.id));
    await endIn(app, fan, creator, '30 minutes');
    await endIn(app, notOptedIn, creator, '30 minutes');
    const before = await passOf(app, fan, creator);
    const notOptedInBefore = await passOf(app, notOptedIn, creator);

    expect(await renew(app)).toMatchObject({ renewed: 1 });
    const after = await passOf(app, fan, creator);
    expect(after.expiresAt.getTime() - before.expiresAt.getTime()).toBeGreaterThanOrEqual(7 * DAY_MS - 1);
    expect(after.expiresAt.getTime() - before.expiresAt.getTime()).toBeLessThanOrEqual(7 * DAY_MS + 1);
    expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(6_000);
    expect((await passOf(app, notOptedIn, creator)).expiresAt).toEqual(notOptedInBefore.expiresAt);
    expect(await readBalance(app.db, walletAccountId(notOptedIn.id))).toBe(8_000);

    // Run again: nothing is due any more, and nothing is charged twice.
    await renew(app);
    expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(6_000);
    expect(await app.db.$count(purchases, eq(purchases.fanId, fan.id))).toBe(2);
  });

  it('lets the pass end when the wallet is short, charging nothing', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 2_500);
    await offerAndBuy(app, creator, fan, 'weekly', 2_000);
    await app.db.update(passes).set({ isAutoRenew: true }).where(eq(passes.fanId, fan.id));
    await endIn(app, fan, creator, '10 minutes');
    const before = await passOf(app, fan, creator);

    expect(await renew(app)).toMatchObject({ refused: 1 });
    expect((await passOf(app, fan, creator)).expiresAt).toEqual(before.expiresAt);
    expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(500);
  });

  it.each([
    ['the creator blocked the fan', 'creator'],
    ['the fan blocked the creator', 'fan'],
  ] as const)('lets the pass end when %s since, charging nothing', async (_, blocker) => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 10_000);
    await offerAndBuy(app, creator, fan, 'weekly', 2_000);
    await app.db.update(passes).set({ isAutoRenew: true }).where(eq(passes.fanId, fan.id));
    await endIn(app, fan, creator, '30 minutes');
    const before = await passOf(app, fan, creator);
    if (blocker === 'creator') await insertBlock(app, creator.id, fan.id);
    else await insertBlock(app, fan.id, creator.id);

    // Passes of the tests before may be due too: this one is among the refused.
    expect((await renew(app)).refused).toBeGreaterThanOrEqual(1);
    expect((await passOf(app, fan, creator)).expiresAt).toEqual(before.expiresAt);
    expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(8_000);
    const bought = await app.db.select().from(purchases).where(eq(purchases.fanId, fan.id));
    expect(bought).toHaveLength(1);
  });
});

describe('the reminder before a pass ends', () => {
  it('mails a day before a weekly pass ends and two hours before a daily one, once per expiry', async () => {
    const { app } = testApp;
    const creator = await createPerson(app, { name: 'Mutale Chanda' });
    const weeklyFan = await createFanWithBalance(app, 10_000);
    const dailyFan = await createFanWithBalance(app, 10_000);
    await offerAndBuy(app, creator, weeklyFan, 'weekly', 2_000);
    await offerAndBuy(app, creator, dailyFan, 'daily', 300);
    const remind = () =>
      remindEndingPasses({
        db: app.db,
        mailer: app.mailer,
        log: app.log,
        publicUrl: 'http://stagepass.test',
      });

    // Neither is due yet: the weekly ends in 2 days, the daily in 3 hours.
    await endIn(app, weeklyFan, creator, '2 days');
    await endIn(app, dailyFan, creator, '3 hours');
    await remind();
    expect(await outboxTo(app, weeklyFan)).toEqual([]);
    expect(await outboxTo(app, dailyFan)).toEqual([]);

    await endIn(app, weeklyFan, creator, '23 hours');
    await endIn(app, dailyFan, creator, '90 minutes');
    await remind();
    await remind();
    const weeklyMail = await outboxTo(app, weeklyFan);
    expect(weeklyMail).toHaveLength(1);
    expect(weeklyMail[0]).toMatchObject({ subject: 'Your pass to Mutale Chanda ends soon' });
    expect(weeklyMail[0]?.text).toContain(`http://stagepass.test/${creator.username}`);
    expect(await outboxTo(app, dailyFan)).toHaveLength(1);

    // Bought again: a new expiry, reminded again when it comes near.
    await offerAndBuy(app, creator, dailyFan, 'daily', 300);
    await endIn(app, dailyFan, creator, '1 hour');
    await remind();
    expect(await outboxTo(app, dailyFan)).toHaveLength(2);
  });
});
