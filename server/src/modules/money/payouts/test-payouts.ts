import { randomUUID } from 'node:crypto';
import type { TEarningsResponse, TPayout } from '@stagepass/contract/payouts';
import type { App } from '../../../app.ts';
import type { TestPerson } from '../../../test/factories/people.ts';

// Helpers for the payout tests: requests as the creator's web app sends them.

/** pawaPay's sandbox outcomes by the recipient number's ending (MTN numbers). */
export const PAYOUT_NUMBERS = {
  completes: '260763456789',
  recipientNotFound: '260763456089',
  otherError: '260763456119',
  staysSubmitted: '260763456129',
} as const;

export function payOutAs(app: App, creator: TestPerson, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/payouts',
    headers: { cookie: creator.cookie },
    payload: { payoutId: randomUUID(), ...body },
  });
}

export async function readEarningsAs(app: App, creator: TestPerson): Promise<TEarningsResponse> {
  const answer = await app.inject({ url: '/api/earnings', headers: { cookie: creator.cookie } });
  return answer.json();
}

export async function readPayoutAs(app: App, creator: TestPerson, payoutId: string): Promise<TPayout> {
  const answer = await app.inject({ url: `/api/payouts/${payoutId}`, headers: { cookie: creator.cookie } });
  return answer.json().payout;
}

/** Reads the payout until it has the status asked for, for 15 s at most. */
export async function waitForPayout(
  app: App,
  creator: TestPerson,
  payoutId: string,
  status: TPayout['status'],
): Promise<TPayout> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const payout = await readPayoutAs(app, creator, payoutId);
    if (payout.status === status) return payout;
    if (Date.now() > deadline) throw new Error(`payout ${payoutId} stayed ${payout.status}, not ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
