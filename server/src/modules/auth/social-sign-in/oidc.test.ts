import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/index.ts';
import { Browser } from '../../../test/oidc-browser.ts';
import { findFreePort } from '../../../test/spawn-server.ts';
import { setupTestApp } from '../../../test/test-app.ts';
import { isSameOriginPath } from './oidc-flow.routes.ts';

// The real thing on a real port: openid-client as the relying party and oidc-provider as
// the identity provider (the development one this server mounts at /dev-oidc), talking
// over HTTP, driven here the way a browser follows redirects and submits forms.
const port = await findFreePort();
const baseUrl = `http://localhost:${port}`;
const testApp = setupTestApp({ env: { PUBLIC_URL: baseUrl, PORT: String(port) } });
beforeAll(async () => {
  await testApp.app.listen({ port, host: '127.0.0.1' });
});

describe('social sign-in with OpenID Connect', () => {
  it('offers the development provider outside production', async () => {
    const response = await fetch(`${baseUrl}/api/auth/providers`);
    expect(await response.json()).toEqual({
      social: { name: 'Stagepass Dev ID', startUrl: '/api/auth/oidc/start' },
    });
  });

  it('sends the browser to the provider with PKCE, state and nonce', async () => {
    const browser = new Browser(baseUrl);
    const response = await browser.request('/api/auth/oidc/start');
    const location = new URL(response.headers.get('location')!);
    expect(location.pathname).toBe('/dev-oidc/auth');
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('state')).toBeTruthy();
    expect(location.searchParams.get('nonce')).toBeTruthy();
    expect(location.searchParams.get('redirect_uri')).toBe(`${baseUrl}/api/auth/oidc/callback`);
  });

  it('started under another loopback name (127.0.0.1), moves to PUBLIC_URL first, where the provider returns', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/auth/oidc/start?next=/creators/all`, {
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${baseUrl}/api/auth/oidc/start?next=/creators/all`);
    // No flow cookie for 127.0.0.1, which the way back to localhost would never send.
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('opens complete-signup for an unknown email, with name, email and role prefilled, and no password', async () => {
    const browser = new Browser(baseUrl);
    const landing = await browser.signInWithProvider(
      '/api/auth/oidc/start?role=creator',
      'chanda.mulenga@example.com',
    );
    expect(landing).toBe('/creators/featured?modal=signup/complete-signup');
    const pending = await browser.request('/api/auth/oidc/pending');
    expect(await pending.json()).toEqual({
      email: 'chanda.mulenga@example.com',
      name: 'Chanda Mulenga',
      role: 'creator',
    });

    const completed = await browser.request('/api/auth/oidc/complete-signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ country: 'ZM', name: 'Chanda Mulenga', username: 'chandamulenga' }),
    });
    expect(completed.status).toBe(201);
    const { user } = (await completed.json()) as { user: Record<string, unknown> };
    expect(user).toMatchObject({
      email: 'chanda.mulenga@example.com',
      isEmailVerified: true,
      signedInWith: 'oidc',
    });
    const [row] = await testApp.app.db
      .select()
      .from(users)
      .where(eq(users.email, 'chanda.mulenga@example.com'));
    expect(row?.passwordHash).toBeNull();
    expect((await browser.request('/api/auth/oidc/pending')).status).toBe(404);
  });

  it('signs a known email straight in, and offers to sign out of the provider too', async () => {
    const first = new Browser(baseUrl);
    await first.signInWithProvider('/api/auth/oidc/start', 'known.fan@example.com');
    await first.request('/api/auth/oidc/complete-signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ country: 'ZM', name: 'Known Fan', username: 'knownfan' }),
    });

    const browser = new Browser(baseUrl);
    const landing = await browser.signInWithProvider(
      '/api/auth/oidc/start?next=/creators/all',
      'known.fan@example.com',
    );
    expect(landing).toBe('/signin?social=done&next_page=%2Fcreators%2Fall');
    const session = await browser.request('/api/auth/session');
    expect(((await session.json()) as { email: string }).email).toBe('known.fan@example.com');

    const signOut = await browser.request('/api/auth/signout', {
      method: 'POST',
      headers: { origin: baseUrl },
    });
    const { providerLogoutUrl } = (await signOut.json()) as { providerLogoutUrl: string };
    expect(new URL(providerLogoutUrl).pathname).toBe('/dev-oidc/session/end');
    expect((await browser.request('/api/auth/session')).status).toBe(204);
  });

  it('refuses a callback whose state does not match', async () => {
    const browser = new Browser(baseUrl);
    await browser.request('/api/auth/oidc/start');
    const response = await browser.request('/api/auth/oidc/callback?code=forged&state=forged');
    expect(response.headers.get('location')).toMatch(/^\/signin\?social_error=/);
    expect((await browser.request('/api/auth/session')).status).toBe(204);
  });

  it('returns only to paths of this site', () => {
    expect(isSameOriginPath('/creators/all')).toBe(true);
    expect(isSameOriginPath('//evil.example')).toBe(false);
    expect(isSameOriginPath('https://evil.example')).toBe(false);
    expect(isSameOriginPath('/\\evil.example')).toBe(false);
  });
});
