import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_TEST_ENV, setupTestApp } from '../test/test-app.ts';

// Signing out changes state (it revokes the session) and needs nothing else: a request the
// check lets through answers 200.
const signOut = (app: ReturnType<typeof setupTestApp>['app'], headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/api/auth/signout', headers });

function expectRefused(response: Awaited<ReturnType<typeof signOut>>) {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({ success: false, code: 'FORBIDDEN', message: AUTH_MESSAGES.crossSite });
}

describe('the origin check, on a site at https://stagepass.example', () => {
  const production = setupTestApp({ env: PRODUCTION_TEST_ENV });
  const host = { host: 'stagepass.example' };

  it('lets our own origin change state', async () => {
    const response = await signOut(production.app, { ...host, origin: 'https://stagepass.example' });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['the http twin of our origin', 'http://stagepass.example'],
    ['another port of our host', 'https://stagepass.example:8443'],
    ['a subdomain', 'https://evil.stagepass.example'],
    ['another site', 'https://evil.example'],
    ['an opaque origin (sandboxed frame, file, data: page)', 'null'],
    ['the development server, which production does not have', 'http://localhost:5173'],
    ['a loopback name, which production does not trust', 'http://127.0.0.1:3000'],
  ])('refuses %s, even when the Host header names our host', async (_, origin) => {
    expectRefused(await signOut(production.app, { ...host, origin }));
  });

  it.each(['same-site', 'cross-site'])(
    'refuses a request without Origin whose Sec-Fetch-Site is %s',
    async (site) => {
      expectRefused(await signOut(production.app, { ...host, 'sec-fetch-site': site }));
    },
  );

  it.each([
    ['our own page (Sec-Fetch-Site: same-origin)', { 'sec-fetch-site': 'same-origin' }],
    ['the person themselves (Sec-Fetch-Site: none)', { 'sec-fetch-site': 'none' }],
    ['another server, which sends neither header', {}],
  ])('lets through a request without Origin from %s', async (_, headers) => {
    expect((await signOut(production.app, { ...host, ...headers })).statusCode).toBe(200);
  });

  it('does not look at reads', async () => {
    const response = await production.app.inject({
      url: '/api/auth/session',
      headers: { ...host, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(204);
  });
});

describe('the origin check, in development', () => {
  const development = setupTestApp({ env: { PORT: '3000', PUBLIC_URL: 'http://localhost:3000' } });

  it('lets every loopback name of its own port change state: localhost, 127.0.0.1 and [::1]', async () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      const response = await signOut(development.app, { host, origin: `http://${host}` });
      expect(response.statusCode, host).toBe(200);
    }
  });

  it('refuses other addresses of the machine and loopback names on other ports', async () => {
    for (const origin of [
      'http://192.168.1.20:3000',
      'http://0.0.0.0:3000',
      'http://127.0.0.1:3001',
      'http://127.0.0.2:3000',
    ]) {
      expectRefused(await signOut(development.app, { host: new URL(origin).host, origin }));
    }
  });

  it("also lets Vite's dev and preview servers change state, as they proxy /api here", async () => {
    for (const origin of ['http://localhost:3000', 'http://localhost:5173', 'http://127.0.0.1:4173']) {
      const response = await signOut(development.app, { host: 'localhost:5173', origin });
      expect(response.statusCode).toBe(200);
    }
  });

  it('refuses the https twin and other ports, whatever the Host header says', async () => {
    for (const origin of [
      'https://localhost:3000',
      'https://127.0.0.1:3000',
      'https://localhost:5173',
      'http://localhost:8080',
    ]) {
      const host = new URL(origin).host;
      expectRefused(await signOut(development.app, { host, origin }));
    }
  });
});
