import { describe, expect, it } from 'vitest';
import { buyAs, createCreatorWithEarnings, earnFromSupport } from '../../../test/factories/money.ts';
import { createPerson } from '../../../test/factories/people.ts';
import { saveTestCard } from '../card-topups/test-card-topups.ts';
import { setupListeningTestApp } from '../deposits/test-deposits.ts';
import { expectBooksInOrder, PAYOUT_NUMBERS, payOutAs, readEarningsAs } from './test-payouts.ts';

// Payouts racing what changes the earnings they come from: purchases crediting them, and
// card-funded purchases whose earnings are held for EARNINGS_HOLD_HOURS. Never more than
// available is reserved; the books balance.

const testApp = setupListeningTestApp({ EARNINGS_HOLD_HOURS: '24' });

describe('payouts racing', () => {
  it('purchases crediting the same earnings: never more than was earned', async () => {
    const { app } = testApp;
    const creator = await createCreatorWithEarnings(app, 10_000);

    const [payouts] = await Promise.all([
      Promise.all(
        Array.from({ length: 10 }, () =>
          payOutAs(app, creator, { amount: 3_000, phone: PAYOUT_NUMBERS.staysSubmitted }),
        ),
      ),
      Promise.all(Array.from({ length: 5 }, () => earnFromSupport(app, creator, 1_000))),
    ]);

    const taken = payouts.filter((answer) => answer.statusCode === 201).length;
    for (const refused of payouts.filter((answer) => answer.statusCode !== 201)) {
      expect(refused.statusCode, refused.body).toBe(409);
    }
    // K100 to start with and K50 more: three payouts of K30 at least, five at most.
    expect(taken).toBeGreaterThanOrEqual(3);
    expect(taken).toBeLessThanOrEqual(5);
    const earnings = await readEarningsAs(app, creator);
    expect(earnings.onItsWay).toBe(taken * 3_000);
    expect(earnings.available).toBe(15_000 - taken * 3_000);
    expect(earnings.bySource.support).toBe(15_000);
    await expectBooksInOrder(app);
  });

  it('earnings a card paid for lately: held, not available, and never paid out', async () => {
    const { app } = testApp;
    const creator = await createCreatorWithEarnings(app, 10_000);
    const fan = await createPerson(app, { role: 'fan' });
    const card = await saveTestCard(app, fan, 'succeeds');
    const byCard = await buyAs(app, fan, {
      kind: 'support',
      creator: creator.username,
      amount: 5_000,
      funding: { method: 'card', paymentMethodId: card },
    });
    expect(byCard.statusCode, byCard.body).toBe(201);
    expect(byCard.json().purchase.status).toBe('completed');
    const held = 5_000 - Math.floor((5_000 * app.config.platformFeePercent) / 100);

    expect(await readEarningsAs(app, creator)).toMatchObject({ available: 10_000, held });
    const tooMuch = await payOutAs(app, creator, { amount: 10_001, phone: PAYOUT_NUMBERS.staysSubmitted });
    expect([tooMuch.statusCode, tooMuch.json().message]).toEqual([409, 'You can pay out up to K100 now.']);

    const racing = await Promise.all(
      Array.from({ length: 6 }, () =>
        payOutAs(app, creator, { amount: 4_000, phone: PAYOUT_NUMBERS.staysSubmitted }),
      ),
    );
    expect(racing.filter((answer) => answer.statusCode === 201)).toHaveLength(2);
    expect(await readEarningsAs(app, creator)).toMatchObject({ available: 2_000, held, onItsWay: 8_000 });
    await expectBooksInOrder(app);
  });
});
