import { describe, expect, it } from 'vitest';
import {
  depositRequest,
  postDeposit,
  readWalletBalance,
  waitForStatus,
} from '../../../test/factories/money.ts';
import { createPerson } from '../../../test/factories/people.ts';
import { countBookings, expectLedgerBalanced, setupListeningTestApp } from './test-deposits.ts';

// The production deadline for pawaPay: 200 deposits at once keep a 2-core test machine busy.
const testApp = setupListeningTestApp({ PAWAPAY_TIMEOUT_MS: '15000' });
const fan = () => createPerson(testApp.app, { role: 'fan' });

describe('many deposits at once', () => {
  it('completes 200 concurrent deposits with the ledger balanced', async () => {
    const { app } = testApp;
    const people = await Promise.all(Array.from({ length: 20 }, fan));
    const bodies = people.flatMap((person) =>
      Array.from({ length: 10 }, () => ({ person, body: depositRequest('260971234789', { amount: '15' }) })),
    );
    const answers = await Promise.all(
      bodies.map(({ person, body }) => postDeposit(app, person.cookie, body)),
    );
    const refused = answers.find((answer) => answer.statusCode !== 200);
    expect(refused?.body).toBeUndefined();
    expect(answers.map((answer) => answer.json().result.status)).toEqual(bodies.map(() => 'ACCEPTED'));
    for (const { person, body } of bodies)
      await waitForStatus(app, person.cookie, body.depositId, ['COMPLETED']);
    for (const person of people) expect(await readWalletBalance(app, person.cookie)).toBe(15_000);
    for (const { body } of bodies) expect(await countBookings(app, body.depositId)).toBe(1);
    await expectLedgerBalanced(app);
  });
});
