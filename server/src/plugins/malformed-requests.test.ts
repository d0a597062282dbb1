import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson } from '../test/factories/people.ts';
import { findFreePort } from '../test/spawn-server.ts';
import { setupTestApp } from '../test/test-app.ts';
import { createPeopleForFuzz, listRoutes, runFuzz } from './malformed-requests.test-support.ts';

// "A 500 is a bug": thousands of seeded-random malformed requests to every route of the app,
// signed out and signed in, and not one answer of 5xx; every /api/ failure in the API's
// shape. A failure prints the requests that broke the rule; the seed makes them repeat.

const REQUESTS = 4_000;
const SEED = 20_260_513;

// The app listens on its public address, as in production: the development OpenID provider
// and the payment sandbox it calls are its own routes. A stand-in web build, so a page is a
// page and not the 503 of a checkout where the web app was never built.
const port = await findFreePort();
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-fuzz-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Stagepass</title>');
const testApp = setupTestApp({
  env: { PORT: String(port), PUBLIC_URL: `http://localhost:${port}`, WEB_DIST_DIR: webDist },
});
beforeAll(async () => {
  await testApp.app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

const asCursor = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');

describe('malformed requests to every route', () => {
  it('reads every route from the router, the ones the OpenAPI document hides included', () => {
    const routes = listRoutes(testApp.app).map(({ method, path }) => `${method} ${path}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/users/:username',
        'POST /api/users/:username/report',
        'POST /api/auth/security-question/verify',
        'POST /api/pawapay/deposits-api/deposit-status/:depositId',
        'GET /api/payouts/:payoutId',
        'POST /api/payouts/:payoutId/cancel',
        'POST /api/pawapay/callbacks/payouts',
        'GET /api/creator/analytics',
        'GET /api/openapi.json',
        'GET /*',
      ]),
    );
    expect(routes.length).toBeGreaterThan(60);
  });

  it('refuses a cursor no list made with a 400 on every list, however close to a real one it looks', async () => {
    const { app } = testApp;
    const person = await createPerson(app, { role: 'creator' });
    const postKey = (at: string, id = 'A'.repeat(16)) => ({ at, id });
    const cases: [string, unknown][] = [
      // Times that match the lists' pattern but are no instant PostgreSQL takes.
      ['/api/post/fetch-posts/10?cursor=', postKey('9999-99-99T99:99:99.000000Z')],
      ['/api/post/fetch-posts/10?cursor=', postKey('2024-02-30T00:00:00.000000Z')],
      ['/api/feed?cursor=', postKey('0000-01-01T00:00:00.000000Z')],
      ['/api/blocks?cursor=', postKey('2024-01-01T24:00:00.000000Z', 'someone')],
      // Keys with a character PostgreSQL cannot store.
      ['/api/blocks?cursor=', postKey('2024-01-01T00:00:00.000000Z', 'a\u0000b')],
      ['/api/wallet?cursor=', ['2024-01-01T00:00:00.000000Z', 'ledger:\u0000']],
      ['/api/payouts?cursor=', ['2024-02-30T00:00:00.000000Z', '6f1c8a52-3f43-4a8e-9a51-0d6f4d1f7a10']],
      ['/api/payouts?cursor=', ['2024-01-01T00:00:00.000000Z', 'not-a-uuid']],
      ['/api/creators?page=', { k: 'all', f: 0, i: 'a\u0000' }],
      // A time past what PostgreSQL reads from a JavaScript Date (year 275760).
      ['/api/creators/featured?page=', { k: 'featured', at: 8.64e15, s: 10, i: 'x' }],
    ];
    for (const [list, key] of cases) {
      const url = `${list}${asCursor(key)}`;
      const response = await app.inject({ url, headers: { cookie: person.cookie } });
      expect({ url: `${list}${JSON.stringify(key)}`, status: response.statusCode }).toEqual({
        url: `${list}${JSON.stringify(key)}`,
        status: 400,
      });
      expect(response.json()).toMatchObject({ success: false, code: expect.any(String) });
    }
  });

  it.each([
    ['/api/pawapay/callbacks/deposits', '{"depositId":"not signed"}'],
    ['/api/pawapay/callbacks/payouts', '{"payoutId":"not signed"}'],
  ])("answers a refused pawaPay callback in the API's shape (%s)", async (url, payload) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      success: false,
      code: 'BAD_SIGNATURE',
      message: 'The callback signature is not valid.',
    });
  });

  it(`answers ${REQUESTS} of them without a 5xx, every /api/ failure as { success: false, message, code }`, async () => {
    const people = await createPeopleForFuzz(testApp.app);
    const result = await runFuzz(testApp.app, people, { count: REQUESTS, seed: SEED });
    console.info(`fuzz: ${JSON.stringify({ ...result, offences: result.offences.length })}`);
    expect(result.offences.slice(0, 10)).toEqual([]);
    expect(result.serverErrors).toBe(0);
    // Enough requests must get past the router and validation, or the run tests little.
    expect(result.byStatusClass['2xx'] ?? 0).toBeGreaterThan(REQUESTS / 10);
  }, 120_000);
});
