import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { predictOperator } from '@stagepass/contract/mobile-money';
import { payoutRoutes } from '@stagepass/contract/payouts';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { PawapayPayout, PawapayPayoutRequest } from '../pawapay-api.ts';
import { createPawapayClient, type PawapayClient } from '../pawapay-client.ts';
import { createPawapaySandbox, type PawapaySandbox } from './pawapay-sandbox.ts';

// For the payout tests of the pawaPay sandbox: a payout request, a receiver of callbacks
// standing in for our server, and a sandbox running apart (memory store) with our real
// client pointed at it over HTTP.

/** A valid payout of K20 to `msisdn`, to the operator its prefix names. */
export function payoutRequest(msisdn: string, overrides: Partial<PawapayPayoutRequest> = {}) {
  return {
    payoutId: randomUUID(),
    amount: '20',
    currency: 'ZMW',
    country: 'ZMB',
    correspondent: predictOperator(msisdn)?.correspondent ?? 'MTN_MOMO_ZMB',
    recipient: { type: 'MSISDN', address: { value: msisdn } },
    customerTimestamp: new Date().toISOString(),
    statementDescription: 'Stagepass earnings',
    ...overrides,
  } satisfies PawapayPayoutRequest;
}

export type ReceivedCallback = {
  method: string;
  host: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  payout: PawapayPayout;
};

/**
 * A small HTTP server where the sandbox posts payout callbacks, at our server's payouts
 * callback path; it answers `status` (200 unless a test changes it).
 */
export function setupCallbackReceiver() {
  const received: ReceivedCallback[] = [];
  const receiver = { status: 200, received, url: '' };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      received.push({
        method: request.method ?? '',
        host: request.headers.host ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body,
        payout: JSON.parse(body) as PawapayPayout,
      });
      response.writeHead(receiver.status).end();
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    receiver.url = `http://127.0.0.1:${port}${payoutRoutes.receivePayoutCallback.path}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return receiver;
}

/** The sandbox apart on its own port, its payout callbacks sent to `callbackUrl()`. */
export function setupSandboxApart(options: { finalAfterMs: number; callbackUrl: () => string }) {
  const apiToken = 'sandbox-payouts-token';
  const context = {} as { sandbox: PawapaySandbox; client: PawapayClient };
  const provider = Fastify();
  beforeAll(async () => {
    context.sandbox = createPawapaySandbox({
      apiToken,
      callbackUrl: () => undefined,
      payoutCallbackUrl: options.callbackUrl,
      finalAfterMs: options.finalAfterMs,
      submittedAfterMs: options.finalAfterMs / 3,
    });
    await provider.register(context.sandbox.routes, { prefix: '/pawapay' });
    await provider.listen({ port: 0, host: '127.0.0.1' });
    const { port } = provider.server.address() as AddressInfo;
    context.client = createPawapayClient({
      baseUrl: () => `http://127.0.0.1:${port}/pawapay`,
      apiToken,
      timeoutMs: 2000,
    });
  });
  afterAll(async () => {
    context.sandbox.close();
    await provider.close();
  });
  return context;
}

/** Asks pawaPay about the payout until it has one of `statuses` (fails after 10 s). */
export async function waitForPayout(
  client: PawapayClient,
  payoutId: string,
  statuses: readonly PawapayPayout['status'][],
): Promise<PawapayPayout> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const payout = await client.getPayout(payoutId);
    if (payout && statuses.includes(payout.status)) return payout;
    if (Date.now() > deadline) {
      expect.fail(`payout ${payoutId} is ${payout?.status ?? 'unknown'}, not ${statuses.join(' or ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
