import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import { describe, expect, it } from 'vitest';
import { findCookie, readCookies, signIn, signUpAccount } from '../../test/factories/people.ts';
import { setupTestApp } from '../../test/test-app.ts';

const testApp = setupTestApp();
const session = (cookie: string) => testApp.app.inject({ url: '/api/auth/session', headers: { cookie } });

describe('POST /api/auth/signin', () => {
  it.each(['email', 'username with @', 'username without @', 'email in capitals'])(
    'signs in with the %s',
    async (form) => {
      const account = await signUpAccount(testApp.app);
      const identifier = {
        email: account.email,
        'username with @': account.username,
        'username without @': account.username.slice(1),
        'email in capitals': account.email.toUpperCase(),
      }[form]!;
      const response = await signIn(testApp.app, identifier, account.password);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        message: 'Signin successfully',
        user: { email: account.email },
      });
      expect(findCookie(response, 'token')).toMatchObject({
        httpOnly: true,
        sameSite: 'Lax',
        maxAge: 259_200,
      });
    },
  );

  it('gives a new token at every sign-in', async () => {
    const account = await signUpAccount(testApp.app);
    const first = findCookie(await signIn(testApp.app, account.email, account.password), 'token');
    const second = findCookie(await signIn(testApp.app, account.email, account.password), 'token');
    expect(first?.value).not.toBe(second?.value);
  });

  it('answers a wrong password and an unknown account the same way', async () => {
    const account = await signUpAccount(testApp.app);
    const wrongPassword = await signIn(testApp.app, account.email, 'not the password at all');
    const unknownAccount = await signIn(testApp.app, 'nobody@example.com', 'not the password at all');
    for (const response of [wrongPassword, unknownAccount]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        code: 'INVALID_CREDENTIALS',
        message: AUTH_MESSAGES.invalidCredentials,
      });
      expect(findCookie(response, 'token')).toBeUndefined();
    }
  });

  it('needs both fields', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { identifier: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'password', message: 'Password is required.' });
  });

  it('slows down guessing at one account with a 429 and a clear message', async () => {
    const account = await signUpAccount(testApp.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { identifier: account.email, password: `wrong guess ${attempt}` },
        // A different address each time: the per-account limit must hold on its own.
        remoteAddress: `198.51.100.${attempt + 1}`,
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.json().message).toBe(AUTH_MESSAGES.tooManyRequests);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('sessions', () => {
  // Signed out is a normal state: no error status, so browsers log nothing on every page.
  it('answers 204 with no body when signed out', async () => {
    const response = await testApp.app.inject('/api/auth/session');
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('treats a made-up token as signed out and clears its cookie', async () => {
    const response = await session('token=made-up-token');
    expect(response.statusCode).toBe(204);
    expect(findCookie(response, 'token')?.value).toBe('');
  });

  it('revokes the session on the server at sign-out and clears the cookie', async () => {
    const account = await signUpAccount(testApp.app);
    expect((await session(account.cookie)).statusCode).toBe(200);
    const signOut = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: { cookie: account.cookie },
    });
    expect(signOut.statusCode).toBe(200);
    expect(findCookie(signOut, 'token')?.value).toBe('');
    // The old token, replayed, no longer works: the server forgot it.
    expect((await session(account.cookie)).statusCode).toBe(204);
  });

  it('keeps other sessions when one signs out', async () => {
    const account = await signUpAccount(testApp.app);
    const other = readCookies(await signIn(testApp.app, account.email, account.password));
    await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: { cookie: account.cookie },
    });
    expect((await session(other)).statusCode).toBe(200);
  });
});
