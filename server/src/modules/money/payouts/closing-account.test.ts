import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../../../app.ts';
import { payouts } from '../../../db/schema/index.ts';
import { createCreatorWithEarnings } from '../../../test/factories/money.ts';
import type { TestPerson } from '../../../test/factories/people.ts';
import { setupListeningTestApp } from '../deposits/test-deposits.ts';
import { PAYOUT_NUMBERS, payOutAs, readEarningsAs, waitForPayout } from './test-payouts.ts';

// Deleting an account with money still to pay out (closing-account.service.ts): a payout on
// its way could come back to earnings nobody can pay out, so it must end first; earnings
// that can be paid out are paid out first; what is left goes anonymous.

const testApp = setupListeningTestApp();

const deleteAccountAs = (app: App, person: TestPerson) =>
  app.inject({
    method: 'DELETE',
    url: '/api/account',
    headers: { cookie: person.cookie },
    payload: { confirmation: 'DELETE' },
  });

describe('deleting the account of a creator with earnings', () => {
  it('is refused while a payout is on its way and while earnings can be paid out, then forgets the number', async () => {
    const { app } = testApp;
    const creator = await createCreatorWithEarnings(app, 10_000);

    const withEarnings = await deleteAccountAs(app, creator);
    expect(withEarnings.statusCode).toBe(409);
    expect(withEarnings.json()).toMatchObject({
      code: 'EARNINGS_TO_PAY_OUT',
      message: 'You have K100 of earnings to pay out. Pay them out before you delete your account.',
    });

    const onItsWay = (
      await payOutAs(app, creator, { amount: 9_000, phone: PAYOUT_NUMBERS.staysSubmitted })
    ).json();
    await waitForPayout(app, creator, onItsWay.payout.payoutId, 'SUBMITTED');
    const whilePaying = await deleteAccountAs(app, creator);
    expect(whilePaying.statusCode).toBe(409);
    expect(whilePaying.json().code).toBe('PAYOUT_ON_ITS_WAY');
    expect((await readEarningsAs(app, creator)).onItsWay).toBe(9_000);
  });

  it('goes ahead with less than the smallest payout left, and keeps no number on its payouts', async () => {
    const { app } = testApp;
    const creator = await createCreatorWithEarnings(app, 10_000);
    const { payout } = (
      await payOutAs(app, creator, { amount: 9_000, phone: PAYOUT_NUMBERS.completes })
    ).json();
    await waitForPayout(app, creator, payout.payoutId, 'COMPLETED');

    const deleted = await deleteAccountAs(app, creator);

    expect(deleted.statusCode, deleted.body).toBe(200);
    const [row] = await app.db.select().from(payouts).where(eq(payouts.payoutId, payout.payoutId));
    expect(row).toMatchObject({ userId: null, recipientPhone: '', status: 'COMPLETED' });
  });
});
