import { randomUUID } from 'node:crypto';
import { PAYOUT_FAILURE_TEXTS } from '@stagepass/contract/payouts';
import { describe, expect, it } from 'vitest';
import {
  createCreatorWithEarnings,
  createFanWithBalance,
  saveNumberAs,
} from '../../../test/factories/money.ts';
import { expectLedgerBalanced, setupListeningTestApp } from '../deposits/test-deposits.ts';
import { PLATFORM_ACCOUNTS, readBalance } from '../ledger/ledger.service.ts';
import { PAYOUT_NUMBERS, payOutAs, readEarningsAs, waitForPayout } from './test-payouts.ts';

const testApp = setupListeningTestApp();

describe('a payout of earnings to mobile money', () => {
  it('reserves the amount at once and pays it out once the operator completes it', async () => {
    const { app } = testApp;
    const creator = await createCreatorWithEarnings(app, 10_000);

    const answer = await payOutAs(app, creator, { amount: 5_000, phone: PAYOUT_NUMBERS.completes });

    expect(answer.statusCode, answer.body).toBe(201);
    const { payout } = answer.json();
    expect(payout).toMatchObject({ status: 'ACCEPTED', amount: 5_000, correspondent: 'MTN_MOMO_ZMB' });
    expect(await readEarningsAs(app, creator)).toMatchObject({
      available: 5_000,
      onItsWay: 5_000,
      paidOut: 0,
    });

    await waitForPayout(app, creator, payout.payoutId, 'COMPLETED');
    expect(await readEarningsAs(app, creator)).toMatchObject({
      available: 5_000,
      onItsWay: 0,
      paidOut: 5_000,
      bySource: { support: 10_000, pass: 0, unlock: 0, tip: 0 },
    });
    expect(await readBalance(app.db, PLATFORM_ACCOUNTS.payoutsInFlight)).toBe(0);
    await expectLedgerBalanced(app);
  });

  it.each([
    ['RECIPIENT_NOT_FOUND', PAYOUT_NUMBERS.recipientNotFound],
    ['OTHER_ERROR', PAYOUT_NUMBERS.otherError],
  ])('gives the money back when the operator answers %s, and says why in words', async (code, phone) => {
    const { app } = testApp;
    const creator = await createCreatorWithEarnings(app, 10_000);

    const { payout } = (await payOutAs(app, creator, { amount: 4_000, phone })).json();
    const failed = await waitForPayout(app, creator, payout.payoutId, 'FAILED');

    expect(failed).toMatchObject({ failureCode: code, failureReason: PAYOUT_FAILURE_TEXTS[code] });
    expect(await readEarningsAs(app, creator)).toMatchObject({ available: 10_000, onItsWay: 0, paidOut: 0 });
    await expectLedgerBalanced(app);
  });

  it('keeps a payout the operator holds SUBMITTED on its way', async () => {
    const { app } = testApp;
    const creator = await createCreatorWithEarnings(app, 10_000);

    const { payout } = (
      await payOutAs(app, creator, { amount: 3_000, phone: PAYOUT_NUMBERS.staysSubmitted })
    ).json();
    await waitForPayout(app, creator, payout.payoutId, 'SUBMITTED');

    expect(await readEarningsAs(app, creator)).toMatchObject({ available: 7_000, onItsWay: 3_000 });
  });

  it('never pays out more than is available when ten requests race', async () => {
    const { app } = testApp;
    const creator = await createCreatorWithEarnings(app, 10_000);

    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        payOutAs(app, creator, { amount: 3_000, phone: PAYOUT_NUMBERS.completes }),
      ),
    );

    const taken = answers.filter((answer) => answer.statusCode === 201);
    expect(taken).toHaveLength(3);
    for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/^You can pay out up to K/);
    }
    const earnings = await readEarningsAs(app, creator);
    expect(earnings.available + earnings.onItsWay + earnings.paidOut).toBe(10_000);
    expect(earnings.available).toBe(1_000);
    await expectLedgerBalanced(app);
  });

  it('pays the preferred number when none is named, and answers a repeat as the same payout', async () => {
    const { app } = testApp;
    const creator = await createCreatorWithEarnings(app, 10_000);
    await saveNumberAs(app, creator, '0763456789');
    const payoutId = randomUUID();

    const first = await payOutAs(app, creator, { payoutId, amount: 2_500 });
    const repeat = await payOutAs(app, creator, { payoutId, amount: 2_500 });
    const other = await payOutAs(app, creator, { payoutId, amount: 2_600 });

    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().payout.phone).toBe(PAYOUT_NUMBERS.completes);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().payout.payoutId).toBe(payoutId);
    expect(other.statusCode).toBe(409);
    expect((await readEarningsAs(app, creator)).onItsWay + (await readEarningsAs(app, creator)).paidOut).toBe(
      2_500,
    );
  });

  it('refuses a payout under the minimum, over what is available, without a number, or for a fan', async () => {
    const { app } = testApp;
    const creator = await createCreatorWithEarnings(app, 10_000);
    const fan = await createFanWithBalance(app, 10_000);

    const tooSmall = await payOutAs(app, creator, { amount: 1_999, phone: PAYOUT_NUMBERS.completes });
    const tooMuch = await payOutAs(app, creator, { amount: 10_001, phone: PAYOUT_NUMBERS.completes });
    const noNumber = await payOutAs(app, creator, { amount: 2_000 });
    const wrongOperator = await payOutAs(app, creator, {
      amount: 2_000,
      phone: PAYOUT_NUMBERS.completes,
      correspondent: 'AIRTEL_OAPI_ZMB',
    });
    const byFan = await payOutAs(app, fan, { amount: 2_000, phone: PAYOUT_NUMBERS.completes });

    expect([tooSmall.statusCode, tooSmall.json().message]).toEqual([400, 'The smallest payout is K20.']);
    expect([tooMuch.statusCode, tooMuch.json().message]).toEqual([409, 'You can pay out up to K100 now.']);
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json()).toMatchObject({ field: 'phone' });
    expect(wrongOperator.json().message).toBe('This is an MTN number, not Airtel.');
    expect(byFan.statusCode).toBe(403);
    expect((await readEarningsAs(app, creator)).available).toBe(10_000);
  });

  it("lists a creator's payouts newest first, a page at a time, and hides them from others", async () => {
    const { app } = testApp;
    const creator = await createCreatorWithEarnings(app, 10_000);
    const other = await createCreatorWithEarnings(app, 10_000);
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const answer = await payOutAs(app, creator, { amount: 2_000, phone: PAYOUT_NUMBERS.staysSubmitted });
      ids.push(answer.json().payout.payoutId);
    }

    const first = (
      await app.inject({ url: '/api/payouts?limit=2', headers: { cookie: creator.cookie } })
    ).json();
    const second = (
      await app.inject({
        url: `/api/payouts?limit=2&cursor=${first.nextCursor}`,
        headers: { cookie: creator.cookie },
      })
    ).json();
    const stranger = await app.inject({ url: `/api/payouts/${ids[0]}`, headers: { cookie: other.cookie } });

    expect(
      [...first.payouts, ...second.payouts].map((payout: { payoutId: string }) => payout.payoutId),
    ).toEqual([...ids].reverse());
    expect(second.nextCursor).toBeNull();
    expect(stranger.statusCode).toBe(404);
  });

  it("shows on the creator's statement: taken out to the number, and back when it failed", async () => {
    const { app } = testApp;
    const creator = await createCreatorWithEarnings(app, 10_000);
    const { payout } = (
      await payOutAs(app, creator, { amount: 4_000, phone: PAYOUT_NUMBERS.recipientNotFound })
    ).json();
    await waitForPayout(app, creator, payout.payoutId, 'FAILED');

    const statement = (await app.inject({ url: '/api/wallet', headers: { cookie: creator.cookie } })).json();

    const payoutLines = statement.transactions.filter((line: { kind: string }) =>
      line.kind.startsWith('payout'),
    );
    expect(payoutLines).toEqual([
      expect.objectContaining({
        kind: 'payout-returned',
        account: 'earnings',
        amount: 4_000,
        description: 'The payout did not go through: back in your earnings',
      }),
      expect.objectContaining({
        kind: 'payout-reserved',
        account: 'earnings',
        amount: -4_000,
        description: 'Payout to +260 76 345 6089',
      }),
    ]);
    expect(statement.earnings.amount).toBe(10_000);
  });
});
