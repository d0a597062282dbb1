import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { payoutRoutes } from '@stagepass/contract/payouts';
import Fastify, { type FastifyRequest } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type App, buildApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { createPawapaySandbox, type PawapaySandbox } from '../providers/pawapay/sandbox/pawapay-sandbox.ts';
import { DEPOSIT_CALLBACK_PATH } from './deposit-callbacks.ts';

/** A request that reached the provider: what a test counts (one POST /payouts, not two). */
export type ProviderRequest = { method: string; path: string; payoutIds: string[] };

/**
 * pawaPay outlives our server: for tests that stop a server in the middle of a payment, the
 * sandbox runs apart on its own port, as the real provider does, and servers are started
 * (and started again) on one database. Its callbacks, deposits' and payouts', go to the
 * newest server, or nowhere; every request it receives is kept in `requests`.
 */
export function setupProviderApart({ finalAfterMs }: { finalAfterMs: number }) {
  const apiToken = 'provider-apart-token';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-provider-apart-'));
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let provider: ReturnType<typeof Fastify>;
  let sandbox: PawapaySandbox | undefined;
  let providerUrl = '';
  let callbackUrl: string | undefined;
  let payoutCallbackUrl: string | undefined;
  const requests: ProviderRequest[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    sandbox = createPawapaySandbox({
      apiToken,
      callbackUrl: () => callbackUrl,
      payoutCallbackUrl: () => payoutCallbackUrl,
      finalAfterMs,
    });
    provider = Fastify();
    provider.addHook('preHandler', async (request: FastifyRequest) => {
      const bodies = [request.body].flat() as ({ payoutId?: unknown } | null | undefined)[];
      requests.push({
        method: request.method,
        path: request.url.replace(/^\/pawapay/, ''),
        payoutIds: bodies.flatMap((body) => (typeof body?.payoutId === 'string' ? [body.payoutId] : [])),
      });
    });
    await provider.register(sandbox.routes, { prefix: '/pawapay' });
    await provider.listen({ port: 0, host: '127.0.0.1' });
    providerUrl = `http://127.0.0.1:${(provider.server.address() as AddressInfo).port}/pawapay`;
  });

  afterAll(async () => {
    sandbox?.close();
    await provider.close();
    await database.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    /**
     * A server on the shared database, listening, with signed callbacks sent to it; `over`
     * another handle on that database (a second connection pool, as a second server has).
     */
    async startServer(env: Record<string, string>, over?: Database): Promise<App> {
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        PAWAPAY_BASE_URL: providerUrl,
        PAWAPAY_API_TOKEN: apiToken,
        PAWAPAY_SIGNED_CALLBACKS: 'true',
        ...env,
      });
      const app = await buildApp({ config, database: over ?? database.database });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      callbackUrl = `${origin}${DEPOSIT_CALLBACK_PATH}`;
      payoutCallbackUrl = `${origin}${payoutRoutes.receivePayoutCallback.path}`;
      return app;
    },
    /** Sends pawaPay's callbacks nowhere (lost callbacks). */
    loseCallbacks() {
      callbackUrl = undefined;
      payoutCallbackUrl = undefined;
    },
    /** Sends payout callbacks to `url` instead (a receiver that keeps them, for a replay). */
    sendPayoutCallbacksTo(url: string | undefined) {
      payoutCallbackUrl = url;
    },
    /** The shared database's PostgreSQL address (undefined on PGlite), for a second pool. */
    get databaseUrl(): string | undefined {
      return database.url;
    },
    /** Every request the provider received, oldest first. */
    requests,
    get sandbox(): PawapaySandbox {
      if (!sandbox) throw new Error('the provider starts in beforeAll');
      return sandbox;
    },
  };
}
