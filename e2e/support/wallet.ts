import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { type Account, callApi } from './accounts.ts';

// The sandbox completes a deposit from a number ending in 789 three seconds after ACCEPTED.
const COMPLETING_MSISDN = '260763456789';

/** Tops the account's wallet up by K100 through the pawaPay sandbox, as the Topup panel does. */
export async function fundWallet(account: Account) {
  const depositId = randomUUID();
  const started = await callApi(account, '/api/pawapay/deposits-api/deposit', 'POST', {
    depositId,
    amount: '100',
    currency: 'ZMW',
    country: 'ZMB',
    correspondent: 'MTN_MOMO_ZMB',
    payer: { type: 'MSISDN', address: { value: COMPLETING_MSISDN } },
    customerTimestamp: new Date().toISOString(),
    statementDescription: 'Wallet topup',
  });
  expect(started.status).toBeLessThan(300);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const answer = await callApi(
      account,
      `/api/pawapay/deposits-api/deposit-status/${depositId}`,
      'POST',
      {},
    );
    const body = (await answer.json()) as { result?: { status?: string }[] };
    if (body.result?.[0]?.status === 'COMPLETED') return;
    if (Date.now() > deadline) throw new Error(`the deposit stayed ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
