import { expect, it } from 'vitest';
import { loadConfig } from '../../../../../config.ts';
import { depositRequest } from '../../../../../test/factories/money.ts';
import { type SpawnedServer, spawnServer } from '../../../../../test/spawn-server.ts';
import { setupSpawnedServerEnvironment } from '../../../../../test/spawned-server-environment.ts';
import { wait } from '../../../deposits/test-deposits.ts';
import { createPawapayClient } from '../pawapay-client.ts';
import { payoutRequest, waitForPayout } from './sandbox-payouts.test-support.ts';
import { getSandboxApiToken } from './serve-pawapay-sandbox.ts';

// The demo's pawaPay sandbox runs inside our server. Killed (kill -9) between a deposit's
// acceptance and its end, the server must find the deposit again after the restart, see it
// completed and credit it, as it would with the real provider, which outlives our server.
// So with a payout: the sandbox still has it after the kill, and it completes.

const environment = setupSpawnedServerEnvironment('stagepass-sandbox-kill-', {
  NODE_ENV: 'development',
  DEMO_CONTENT: 'false',
  LOG_LEVEL: 'warn',
  PAWAPAY_SANDBOX_SETTLE_MS: '3000',
  RECONCILE_INTERVAL_MS: '500',
});

/** The few fields of the wallet and deposit-status answers this test reads. */
type AnswerBody = {
  balance?: { amount: number };
  result: { status: string } & Array<{ status: string }>;
};

async function call(server: SpawnedServer, url: string, cookie: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      origin: server.baseUrl,
      cookie,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, json: (await response.json()) as AnswerBody };
}

it('finishes and credits a deposit its server was killed in the middle of', async () => {
  const first = await spawnServer(environment);
  let cookie = '';
  const deposit = depositRequest('260763456789');
  try {
    await first.waitUntilHealthy();
    const signUp = await call(first, '/api/auth/signup', '', {
      country: 'ZM',
      email: 'kalenga@example.com',
      password: 'kalulu river sunrise',
      name: 'Kalenga Mwape',
      username: 'kalenga',
    });
    expect(signUp.status).toBe(201);
    cookie = signUp.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');
    const started = await call(first, '/api/pawapay/deposits-api/deposit', cookie, deposit);
    expect(started.json.result.status).toBe('ACCEPTED');
  } finally {
    first.child.kill('SIGKILL');
    await first.exited;
  }

  const second = await spawnServer(environment);
  try {
    await second.waitUntilHealthy();
    const deadline = Date.now() + 20_000;
    let balance = 0;
    while (balance === 0 && Date.now() < deadline) {
      await wait(300);
      balance = (await call(second, '/api/wallet', cookie)).json.balance?.amount ?? 0;
    }
    const status = await call(
      second,
      `/api/pawapay/deposits-api/deposit-status/${deposit.depositId}`,
      cookie,
      {},
    );
    expect(status.json.result[0]?.status).toBe('COMPLETED');
    expect(balance).toBe(2000);
  } finally {
    await second.stop();
  }
}, 90_000);

it('finishes a payout its server was killed in the middle of', async () => {
  // The sandbox on the spawned server, through our client, as that server's own client calls it.
  const pawapayAt = (server: SpawnedServer) =>
    createPawapayClient({
      baseUrl: () => `${server.baseUrl}/sandbox/pawapay`,
      apiToken: getSandboxApiToken(loadConfig({ NODE_ENV: 'development' }).appSecret),
      timeoutMs: 5000,
    });
  const payout = payoutRequest('260763456789');
  const first = await spawnServer(environment);
  try {
    await first.waitUntilHealthy();
    expect((await pawapayAt(first).initiatePayout(payout)).status).toBe('ACCEPTED');
  } finally {
    first.child.kill('SIGKILL');
    await first.exited;
  }

  const second = await spawnServer(environment);
  try {
    await second.waitUntilHealthy();
    const client = pawapayAt(second);
    expect((await client.initiatePayout(payout)).status).toBe('DUPLICATE_IGNORED');
    const done = await waitForPayout(client, payout.payoutId, ['COMPLETED']);
    expect(done).toMatchObject({ amount: '20', receivedByRecipient: expect.any(String) });
  } finally {
    await second.stop();
  }
}, 90_000);
