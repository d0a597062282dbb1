import { randomUUID } from 'node:crypto';
import { CARD_TOPUP_MESSAGES } from '@stagepass/contract/card-topups';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../app.ts';
import { createPerson, type TestPerson } from '../../../test/factories/people.ts';
import { setupTestApp } from '../../../test/test-app.ts';
import { expectLedgerBalanced } from '../deposits/test-deposits.ts';
import { readBalance, walletAccountId } from '../ledger/ledger.service.ts';
import { reconcileCardTopups } from './card-topup-reconciliation.ts';
import {
  answerChallenge,
  baseUrlOf,
  countCardBookings,
  countCharges,
  followReturn,
  getCardTopup,
  postCardTopup,
  saveTestCard,
  topUpByCard,
} from './test-card-topups.ts';

const testApp = setupTestApp({ env: { JOB_CONCURRENCY: '0' } });

beforeAll(async () => {
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
});

const balanceOf = (userId: string) => readBalance(testApp.app.db, walletAccountId(userId));

describe('POST /api/wallet/card-topups', () => {
  it('credits a card that goes through once, however often the top-up is sent', async () => {
    const { app } = testApp;
    const fan = await createPerson(app, { role: 'fan' });
    const card = await saveTestCard(app, fan, 'succeeds');
    const body = { topupId: randomUUID(), amount: 2_500, paymentMethodId: card };

    const first = await postCardTopup(app, fan, body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().topup).toMatchObject({
      topupId: body.topupId,
      status: 'completed',
      amount: 2_500,
      currency: 'ZMW',
      card: { brand: 'visa', last4: '4242' },
      challengeUrl: null,
      failureCode: null,
    });
    const repeats = await Promise.all([1, 2, 3].map(() => postCardTopup(app, fan, body)));
    expect(repeats.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(repeats[0]!.json().topup.status).toBe('completed');

    expect(await balanceOf(fan.id)).toBe(2_500);
    expect(await countCharges(app, body.topupId)).toBe(1);
    expect(await countCardBookings(app, body.topupId)).toBe(1);
    // Another top-up under the same id is refused, and nothing moves.
    const other = await postCardTopup(app, fan, { ...body, amount: 3_000 });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'CONFLICT', message: CARD_TOPUP_MESSAGES.topupIdTaken });
    await expectLedgerBalanced(app);
    // The wallet's statement shows it once, beside the balance it explains.
    expect(await readStatement(app, fan)).toEqual([
      {
        kind: 'topup',
        status: 'COMPLETED',
        amount: 2_500,
        description: 'Card top-up, Visa •••• 4242',
        failureCode: null,
      },
    ]);
  });

  it('fails a declined card and a card without funds, in the words the web shows, taking nothing', async () => {
    const { app } = testApp;
    const fan = await createPerson(app, { role: 'fan' });
    const declined = await topUpByCard(app, fan, await saveTestCard(app, fan, 'declined'));
    expect(declined).toMatchObject({
      status: 'failed',
      failureCode: 'DECLINED',
      failureReason: CARD_TOPUP_MESSAGES.declined,
    });
    const short = await topUpByCard(app, fan, await saveTestCard(app, fan, 'insufficientFunds'));
    expect(short).toMatchObject({
      status: 'failed',
      failureCode: 'INSUFFICIENT_FUNDS',
      failureReason:
        "We couldn't proccess the transaction due to insufficient funds.Topup your balance and try again.",
    });
    expect(await getCardTopup(app, fan, declined.topupId)).toMatchObject({ status: 'failed' });
    expect(await balanceOf(fan.id)).toBe(0);
    expect(await countCardBookings(app, declined.topupId)).toBe(0);
    // Failed top-ups are on the statement with what was asked and why, and move nothing.
    expect(
      (await readStatement(app, fan)).map(({ status, failureCode }) => ({ status, failureCode })),
    ).toEqual([
      { status: 'FAILED', failureCode: 'INSUFFICIENT_FUNDS' },
      { status: 'FAILED', failureCode: 'DECLINED' },
    ]);
  });

  it("refuses another person's card, an unknown card, amounts out of bounds, and another's top-up", async () => {
    const { app } = testApp;
    const fan = await createPerson(app, { role: 'fan' });
    const stranger = await createPerson(app, { role: 'fan' });
    const strangersCard = await saveTestCard(app, stranger, 'succeeds');
    const refused = await postCardTopup(app, fan, {
      topupId: randomUUID(),
      amount: 1_000,
      paymentMethodId: strangersCard,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(CARD_TOPUP_MESSAGES.cardNotFound);

    const card = await saveTestCard(app, fan, 'succeeds');
    for (const [amount, message] of [
      [99, CARD_TOPUP_MESSAGES.amountTooSmall],
      [2_000_001, CARD_TOPUP_MESSAGES.amountTooLarge],
    ] as const) {
      const answer = await postCardTopup(app, fan, { topupId: randomUUID(), amount, paymentMethodId: card });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toContain(message);
    }
    const own = await topUpByCard(app, stranger, strangersCard, 500);
    const peek = await app.inject({
      url: `/api/wallet/card-topups/${own.topupId}`,
      headers: { cookie: fan.cookie },
    });
    expect(peek.statusCode).toBe(404);
    // Someone else's topupId is not taken over either.
    const taken = await postCardTopup(app, fan, { topupId: own.topupId, amount: 500, paymentMethodId: card });
    expect(taken.statusCode).toBe(409);
    expect(await balanceOf(fan.id)).toBe(0);
  });
});

describe('a card whose bank asks for 3-D Secure', () => {
  it('waits for the check, and credits once when the card holder approves it on the page', async () => {
    const { app } = testApp;
    const fan = await createPerson(app, { role: 'fan' });
    const card = await saveTestCard(app, fan, 'requiresAuthentication');
    const answer = await postCardTopup(app, fan, {
      topupId: randomUUID(),
      amount: 4_050,
      paymentMethodId: card,
      returnPath: '/@someone?tab=posts',
    });
    const topup = answer.json().topup;
    expect(topup).toMatchObject({
      status: 'requires-action',
      challengeUrl: expect.stringMatching(/^\/sandbox/),
    });
    expect(await balanceOf(fan.id)).toBe(0);

    const { page, location } = await answerChallenge(app, topup.challengeUrl, 'Approve');
    // The page: a heading, the amount, the two buttons, sized for 360 px and dark mode.
    expect(page).toContain('<h1 id="title">Confirm your payment</h1>');
    expect(page).toContain('K40.50');
    expect(page).toContain('>Refuse</button>');
    expect(page).toContain('name="viewport" content="width=device-width');
    expect(page).toContain('prefers-color-scheme: dark');
    expect(new URL(location).pathname).toBe(`/api/wallet/card-topups/${topup.topupId}/return`);

    const landing = await followReturn(app, fan, location);
    expect(landing).toBe(`/@someone?tab=posts&cardTopup=${topup.topupId}`);
    expect(await getCardTopup(app, fan, topup.topupId)).toMatchObject({
      status: 'completed',
      challengeUrl: null,
    });
    expect(await balanceOf(fan.id)).toBe(4_050);

    // The first answer counts: a second press changes nothing, the page says it was answered.
    const again = await fetch(new URL(topup.challengeUrl, baseUrlOf(app)));
    expect(await again.text()).toContain('This payment was approved already');
    await followReturn(app, fan, location);
    // Someone else bringing a browser back lands on the wallet, not on the owner's page.
    const stranger = await createPerson(app, { role: 'fan' });
    expect(await followReturn(app, stranger, location)).toBe(`/wallet?cardTopup=${topup.topupId}`);
    expect(await countCardBookings(app, topup.topupId)).toBe(1);
    await expectLedgerBalanced(app);
  });

  it('fails the top-up when the card holder refuses, and lands on the wallet by default', async () => {
    const { app } = testApp;
    const fan = await createPerson(app, { role: 'fan' });
    const topup = await topUpByCard(app, fan, await saveTestCard(app, fan, 'requiresAuthentication'));
    const { location } = await answerChallenge(app, topup.challengeUrl!, 'Refuse');
    expect(await followReturn(app, fan, location)).toBe(`/wallet?cardTopup=${topup.topupId}`);
    expect(await getCardTopup(app, fan, topup.topupId)).toMatchObject({
      status: 'failed',
      failureCode: 'AUTHENTICATION_REFUSED',
      failureReason: CARD_TOPUP_MESSAGES.authenticationRefused,
    });
    expect(await balanceOf(fan.id)).toBe(0);
  });

  it('credits once when polls, the return and the reconciliation job learn of it together', async () => {
    const { app, config } = testApp;
    const fan = await createPerson(app, { role: 'fan' });
    const topup = await topUpByCard(app, fan, await saveTestCard(app, fan, 'requiresAuthentication'), 1_200);
    // Approved on the page, the browser not yet back.
    const { location } = await answerChallenge(app, topup.challengeUrl!, 'Approve');
    const later = new Date(Date.now() + 60_000);
    await Promise.all([
      ...[1, 2, 3, 4, 5].map(() => getCardTopup(app, fan, topup.topupId)),
      followReturn(app, fan, location),
      followReturn(app, fan, location),
      reconcileCardTopups({
        db: app.db,
        cardProcessor: app.cardProcessor!,
        log: app.log,
        publicUrl: config.publicUrl,
        intervalMs: 1,
        now: later,
      }),
    ]);
    expect(await getCardTopup(app, fan, topup.topupId)).toMatchObject({ status: 'completed' });
    expect(await balanceOf(fan.id)).toBe(1_200);
    expect(await countCardBookings(app, topup.topupId)).toBe(1);
    await expectLedgerBalanced(app);
  });
});

/** The person's statement as GET /api/wallet answers it, newest first. */
async function readStatement(app: App, person: TestPerson) {
  const answer = await app.inject({ url: '/api/wallet', headers: { cookie: person.cookie } });
  expect(answer.statusCode).toBe(200);
  return (answer.json().transactions as Record<string, unknown>[]).map(
    ({ kind, status, amount, description, failureCode }) => ({
      kind,
      status,
      amount,
      description,
      failureCode,
    }),
  );
}
