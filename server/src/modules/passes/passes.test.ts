import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import { PASS_MESSAGES, type TPass } from '@stagepass/contract/passes';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { passes, purchases } from '../../db/schema/index.ts';
import { createFanWithBalance } from '../../test/factories/money.ts';
import { createPerson, type TestPerson } from '../../test/factories/people.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { readBalance, walletAccountId } from '../money/ledger/ledger.service.ts';
import { hasActivePass } from './passes.service.ts';

// Smaller bounds than the defaults, to see that the configuration is what is enforced.
const testApp = setupTestApp({ env: { PASS_PRICE_WEEKLY_MIN: '600', PASS_PRICE_WEEKLY_MAX: '4000' } });
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

function setPrice(app: App, person: TestPerson, period: string, price: number | null | string) {
  return app.inject({
    method: 'PUT',
    url: '/api/users/pricing',
    headers: { cookie: person.cookie },
    payload: { period, price },
  });
}

function buyPass(app: App, fan: TestPerson, creator: TestPerson, period: string) {
  return app.inject({
    method: 'POST',
    url: '/api/purchases',
    headers: { cookie: fan.cookie },
    payload: { purchaseId: randomUUID(), kind: 'pass', creator: creator.username, period },
  });
}

async function passOf(app: App, fan: TestPerson, creator: TestPerson) {
  const [row] = await app.db
    .select()
    .from(passes)
    .where(and(eq(passes.fanId, fan.id), eq(passes.creatorId, creator.id)));
  return row;
}

function profileOf(app: App, username: string, viewer?: TestPerson) {
  return app.inject({ url: `/api/users/${username}`, headers: viewer ? { cookie: viewer.cookie } : {} });
}

describe('set-pricing', () => {
  it('tells the bounds per period and refuses a price outside them with the spec message, in kwacha', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);

    const limits = await app.inject({
      url: '/api/users/pricing-limits',
      headers: { cookie: creator.cookie },
    });
    expect(limits.statusCode).toBe(200);
    expect(limits.json()).toEqual({
      success: true,
      limits: {
        daily: { min: 200, max: 200_000 },
        weekly: { min: 600, max: 4_000 },
        monthly: { min: 1_000, max: 1_000_000 },
      },
      prices: [],
    });

    for (const [period, price, message] of [
      ['daily', 199, 'Set between k2 - k2,000'],
      ['daily', 200_001, 'Set between k2 - k2,000'],
      ['weekly', 599, 'Set between k6 - k40'],
      ['weekly', 4_001, 'Set between k6 - k40'],
      ['monthly', 999, 'Set between k10 - k10,000'],
    ] as const) {
      const answer = await setPrice(app, creator, period, price);
      expect(answer.statusCode, `${period} ${price}`).toBe(400);
      expect(answer.json()).toMatchObject({ success: false, message });
    }
    expect((await setPrice(app, creator, 'daily', 2.5)).statusCode).toBe(400);
    expect((await setPrice(app, creator, 'yearly', 5_000)).statusCode).toBe(400);

    // Both ends are allowed.
    expect((await setPrice(app, creator, 'weekly', 600)).statusCode).toBe(200);
    expect((await setPrice(app, creator, 'monthly', 1_000_000)).statusCode).toBe(200);
  });

  it('is for creators only', async () => {
    const { app } = testApp;
    const fan = await createPerson(app, { role: 'fan' });
    const answer = await setPrice(app, fan, 'monthly', 5_000);
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ message: AUTH_MESSAGES.creatorsOnly });
    const limits = await app.inject({ url: '/api/users/pricing-limits', headers: { cookie: fan.cookie } });
    expect(limits.statusCode).toBe(403);
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: '/api/users/pricing',
          payload: { period: 'monthly', price: 5_000 },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('offers several periods at once; the profile shows the main one and all of them; null withdraws one', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    await setPrice(app, creator, 'daily', 500);
    expect((await profileOf(app, creator.username)).json()).toMatchObject({
      pricing: { period: 'daily', price: 500 },
      prices: [{ period: 'daily', price: 500 }],
    });
    await setPrice(app, creator, 'weekly', 2_000);
    const set = await setPrice(app, creator, 'monthly', 5_000);
    expect(set.json().prices).toEqual([
      { period: 'daily', price: 500 },
      { period: 'weekly', price: 2_000 },
      { period: 'monthly', price: 5_000 },
    ]);
    expect((await profileOf(app, creator.username)).json()).toMatchObject({
      pricing: { period: 'monthly', price: 5_000 },
      prices: set.json().prices,
    });

    const withdrawn = await setPrice(app, creator, 'monthly', null);
    expect(withdrawn.json().prices).toEqual([
      { period: 'daily', price: 500 },
      { period: 'weekly', price: 2_000 },
    ]);
    expect((await profileOf(app, creator.username)).json().pricing).toEqual({
      period: 'weekly',
      price: 2_000,
    });
  });
});

describe('buying a pass', () => {
  it('is paid from the wallet at the price of the period and runs 7 days from now, then 7 more from its expiry', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 10_000);
    await setPrice(app, creator, 'weekly', 2_000);
    await setPrice(app, creator, 'daily', 300);

    const before = Date.now();
    const first = await buyPass(app, fan, creator, 'weekly');
    expect(first.statusCode).toBe(201);
    expect(first.json().purchase).toMatchObject({
      kind: 'pass',
      amount: 2_000,
      details: { period: 'weekly' },
    });
    expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(8_000);
    const pass = await passOf(app, fan, creator);
    expect(pass?.period).toBe('weekly');
    expect(pass!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 7 * DAY_MS - 1_000);
    expect(pass!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS + 1_000);

    // Bought again while it runs: a day on from the current expiry, and the period bought kept.
    const again = await buyPass(app, fan, creator, 'daily');
    expect(again.statusCode).toBe(201);
    const extended = await passOf(app, fan, creator);
    expect(extended!.expiresAt.getTime()).toBe(pass!.expiresAt.getTime() + DAY_MS);
    expect(extended?.period).toBe('daily');
    expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(7_700);

    const profile = (await profileOf(app, creator.username, fan)).json();
    expect(profile).toMatchObject({
      hasPaid: true,
      isSubscribed: true,
      passExpiresAt: extended!.expiresAt.toISOString(),
    });
  });

  it('runs from now again once the pass has expired, and an expired pass gives no access', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 10_000);
    await setPrice(app, creator, 'monthly', 3_000);
    await buyPass(app, fan, creator, 'monthly');
    await app.db
      .update(passes)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(passes.fanId, fan.id));

    expect(await hasActivePass(app.db, fan.id, creator.id)).toBe(false);
    expect((await profileOf(app, creator.username, fan)).json()).toMatchObject({
      hasPaid: false,
      isSubscribed: false,
      passExpiresAt: null,
    });

    const before = Date.now();
    await buyPass(app, fan, creator, 'monthly');
    const renewed = await passOf(app, fan, creator);
    expect(renewed!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 30 * DAY_MS - 1_000);
    expect(renewed!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS + 1_000);
    expect(await hasActivePass(app.db, fan.id, creator.id)).toBe(true);
  });

  it('refuses a period the creator does not offer, charging nothing', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 10_000);
    await setPrice(app, creator, 'monthly', 3_000);

    const answer = await buyPass(app, fan, creator, 'daily');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ message: PASS_MESSAGES.periodNotOffered('daily') });
    expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(10_000);
    expect(await passOf(app, fan, creator)).toBeUndefined();
  });

  it('a price change never touches the passes bought', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 10_000);
    await setPrice(app, creator, 'weekly', 2_000);
    const bought = await buyPass(app, fan, creator, 'weekly');
    const pass = await passOf(app, fan, creator);

    await setPrice(app, creator, 'weekly', 3_500);
    await setPrice(app, creator, 'weekly', null);

    expect(await passOf(app, fan, creator)).toEqual(pass);
    const [purchase] = await app.db
      .select({ amount: purchases.amount })
      .from(purchases)
      .where(eq(purchases.id, bought.json().purchase.purchaseId));
    expect(purchase?.amount).toBe(2_000);
    expect(await hasActivePass(app.db, fan.id, creator.id)).toBe(true);
  });
});

describe("the fan's passes", () => {
  it('lists them active first, with the creator, the expiry and what a renewal costs now', async () => {
    const { app } = testApp;
    const fan = await createFanWithBalance(app, 20_000);
    const lapsed = await createPerson(app, { name: 'Lapsed Creator' });
    const soon = await createPerson(app, { name: 'Soon Creator' });
    const later = await createPerson(app, { name: 'Later Creator' });
    await setPrice(app, lapsed, 'daily', 300);
    await setPrice(app, soon, 'daily', 400);
    await setPrice(app, later, 'monthly', 5_000);
    await buyPass(app, fan, lapsed, 'daily');
    await buyPass(app, fan, soon, 'daily');
    await buyPass(app, fan, later, 'monthly');
    await app.db
      .update(passes)
      .set({ expiresAt: sql`now() - interval '1 hour'` })
      .where(and(eq(passes.fanId, fan.id), eq(passes.creatorId, lapsed.id)));
    await setPrice(app, soon, 'daily', 450);
    await setPrice(app, lapsed, 'daily', null);

    const answer = await app.inject({ url: '/api/passes', headers: { cookie: fan.cookie } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().passes).toEqual([
      {
        creator: { username: soon.username, name: 'Soon Creator', imageAsset: null },
        period: 'daily',
        expiresAt: expect.any(String),
        remindAt: expect.any(String),
        isActive: true,
        isEndingSoon: false,
        isAutoRenew: false,
        renewalPrice: 450,
      },
      expect.objectContaining({
        creator: { username: later.username, name: 'Later Creator', imageAsset: null },
        renewalPrice: 5_000,
      }),
      expect.objectContaining({
        creator: { username: lapsed.username, name: 'Lapsed Creator', imageAsset: null },
        isActive: false,
        renewalPrice: null,
      }),
    ]);
    expect((await app.inject({ url: '/api/passes' })).statusCode).toBe(401);
  });

  it('turns renewal from the wallet on and off, for a pass the fan holds only', async () => {
    const { app } = testApp;
    const fan = await createFanWithBalance(app, 5_000);
    const creator = await createPerson(app);
    const stranger = await createPerson(app);
    await setPrice(app, creator, 'weekly', 1_000);
    await buyPass(app, fan, creator, 'weekly');
    const toggle = (name: string, enabled: boolean) =>
      app.inject({
        method: 'PUT',
        url: `/api/passes/${encodeURIComponent(name)}/auto-renew`,
        headers: { cookie: fan.cookie },
        payload: { enabled },
      });

    const on = await toggle(creator.username.slice(1), true);
    expect(on.statusCode).toBe(200);
    expect(on.json().pass).toMatchObject({ creator: { username: creator.username }, isAutoRenew: true });
    expect((await passOf(app, fan, creator))?.isAutoRenew).toBe(true);
    const off = await toggle(creator.username, false);
    expect(off.json().pass.isAutoRenew).toBe(false);

    const none = await toggle(stranger.username, true);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ message: PASS_MESSAGES.noPass });
  });

  it("says a pass ends soon by the reminder mail's rule: two hours ahead for a daily pass, a day for a weekly or monthly one", async () => {
    const { app } = testApp;
    const fan = await createFanWithBalance(app, 20_000);
    const daily = await createPerson(app, { name: 'Daily Creator' });
    const weekly = await createPerson(app, { name: 'Weekly Creator' });
    const monthly = await createPerson(app, { name: 'Monthly Creator' });
    await setPrice(app, daily, 'daily', 300);
    await setPrice(app, weekly, 'weekly', 1_000);
    await setPrice(app, monthly, 'monthly', 5_000);
    for (const [creator, period] of [
      [daily, 'daily'],
      [weekly, 'weekly'],
      [monthly, 'monthly'],
    ] as const) {
      expect((await buyPass(app, fan, creator, period)).statusCode).toBe(201);
    }
    const endIn = (creator: TestPerson, interval: string) =>
      app.db
        .update(passes)
        .set({ expiresAt: sql`now() + ${interval}::interval` })
        .where(and(eq(passes.fanId, fan.id), eq(passes.creatorId, creator.id)));
    const readEndingSoon = async () => {
      const answer = await app.inject({ url: '/api/passes', headers: { cookie: fan.cookie } });
      return Object.fromEntries(
        answer
          .json()
          .passes.map((pass: TPass) => [
            pass.creator.name,
            [pass.isEndingSoon, Date.parse(pass.expiresAt) - Date.parse(pass.remindAt)],
          ]),
      );
    };

    // Three hours left of a daily pass, twenty-five of the weekly: no reminder yet.
    await endIn(daily, '3 hours');
    await endIn(weekly, '25 hours');
    await endIn(monthly, '23 hours');
    expect(await readEndingSoon()).toEqual({
      'Daily Creator': [false, 2 * HOUR_MS],
      'Weekly Creator': [false, DAY_MS],
      'Monthly Creator': [true, DAY_MS],
    });
    await endIn(daily, '119 minutes');
    await endIn(weekly, '23 hours');
    // A pass that has ended is not ending soon any more.
    await endIn(monthly, '-1 minute');
    expect(await readEndingSoon()).toEqual({
      'Daily Creator': [true, 2 * HOUR_MS],
      'Weekly Creator': [true, DAY_MS],
      'Monthly Creator': [false, DAY_MS],
    });
  });
});
