import { describe, expect, it } from 'vitest';
import { depositRequest, postDeposit, readWalletBalance } from '../../../test/factories/money.ts';
import { createPerson } from '../../../test/factories/people.ts';
import { DEPOSIT_CALLBACK_PATH } from './deposit-callbacks.ts';
import { countBookings, expectLedgerBalanced, wait } from './test-deposits.ts';
import { setupProviderApart } from './test-provider-apart.ts';

// pawaPay outlives our server: our server is stopped in the middle of a deposit and started
// again on the same database (test-provider-apart.ts).
const provider = setupProviderApart({ finalAfterMs: 1500 });
const { startServer } = provider;

describe('a server that dies in the middle of a deposit', () => {
  it('credits it once after the restart, from the reconciliation job', async () => {
    const first = await startServer({ JOB_CONCURRENCY: '0' });
    const person = await createPerson(first, { role: 'fan' });
    const body = depositRequest('260763456789');
    expect((await postDeposit(first, person.cookie, body)).json().result.status).toBe('ACCEPTED');
    await first.close(); // before pawaPay settles: its callbacks now find nobody

    await wait(2000);
    expect((await provider.sandbox.findDeposit(body.depositId))?.status).toBe('COMPLETED');
    const second = await startServer({ JOB_CONCURRENCY: '1', RECONCILE_INTERVAL_MS: '250' });
    try {
      const deadline = Date.now() + 15_000;
      while ((await readWalletBalance(second, person.cookie)) === 0 && Date.now() < deadline) await wait(200);
      expect(await readWalletBalance(second, person.cookie)).toBe(2000);
      expect(await countBookings(second, body.depositId)).toBe(1);
      await expectLedgerBalanced(second);
    } finally {
      await second.close();
    }
  });

  it("verifies a real provider's signed callback with the key it publishes, and credits once", async () => {
    const app = await startServer({ JOB_CONCURRENCY: '0' });
    try {
      const person = await createPerson(app, { role: 'fan' });
      const body = depositRequest('260971234789', { amount: '35' });
      await postDeposit(app, person.cookie, body);
      // No status polls here: only the callback can credit it.
      const deadline = Date.now() + 10_000;
      while ((await readWalletBalance(app, person.cookie)) === 0 && Date.now() < deadline) await wait(200);
      expect(await readWalletBalance(app, person.cookie)).toBe(3500);
      expect(await countBookings(app, body.depositId)).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('without signed callbacks, believes pawaPay and not the callback body', async () => {
    const app = await startServer({ JOB_CONCURRENCY: '0', PAWAPAY_SIGNED_CALLBACKS: 'false' });
    try {
      provider.loseCallbacks();
      const person = await createPerson(app, { role: 'fan' });
      const body = depositRequest('260763456129'); // pawaPay keeps it SUBMITTED
      await postDeposit(app, person.cookie, body);
      const forgedCallback = {
        ...body,
        status: 'COMPLETED',
        requestedAmount: body.amount,
        depositedAmount: body.amount,
        created: new Date().toISOString(),
      };
      const forged = await app.inject({
        method: 'POST',
        url: DEPOSIT_CALLBACK_PATH,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(forgedCallback),
      });
      expect(forged.statusCode).toBe(200);
      expect(await readWalletBalance(app, person.cookie)).toBe(0);

      // A callback about no deposit of ours is 404 (not a question to pawaPay); a malformed one 400.
      const strangers = await Promise.all(
        [{ ...forgedCallback, depositId: crypto.randomUUID() }, { depositId: 'x' }].map((payload) =>
          app.inject({
            method: 'POST',
            url: DEPOSIT_CALLBACK_PATH,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(payload),
          }),
        ),
      );
      expect(strangers.map((response) => response.statusCode)).toEqual([404, 400]);
    } finally {
      await app.close();
    }
  });
});
