import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import { describe, expect, it } from 'vitest';
import { signUpAccount } from '../../test/factories/people.ts';
import { setupTestApp } from '../../test/test-app.ts';

const testApp = setupTestApp();
const setType = (cookie: string, payload: object) =>
  testApp.app.inject({ method: 'PUT', url: '/api/users/account-type', headers: { cookie }, payload });

describe('PUT /api/users/account-type', () => {
  it('makes a fan', async () => {
    const account = await signUpAccount(testApp.app);
    const response = await setType(account.cookie, { name: 'fan' });
    expect(response.json().user.account_type).toEqual({ name: 'fan', tools: 'none', cartegory: null });
  });

  it('makes a creator with a category', async () => {
    const account = await signUpAccount(testApp.app);
    const response = await setType(account.cookie, { name: 'creator', cartegory: 'music artist' });
    expect(response.json().user.account_type).toEqual({
      name: 'creator',
      tools: 'both',
      cartegory: 'music artist',
    });
    const session = await testApp.app.inject({
      url: '/api/auth/session',
      headers: { cookie: account.cookie },
    });
    expect(session.json().account_type.cartegory).toBe('music artist');
  });

  it("needs a category for a creator: 'Cartegory is required!'", async () => {
    const account = await signUpAccount(testApp.app);
    const response = await setType(account.cookie, { name: 'creator' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'cartegory', message: AUTH_MESSAGES.categoryRequired });
  });

  it('refuses an unknown category and a signed-out caller', async () => {
    const account = await signUpAccount(testApp.app);
    expect((await setType(account.cookie, { name: 'creator', cartegory: 'astronaut' })).statusCode).toBe(400);
    expect((await setType('', { name: 'fan' })).statusCode).toBe(401);
  });

  it('is chosen once: the same type again is accepted, another type is refused with 409', async () => {
    const account = await signUpAccount(testApp.app);
    expect((await setType(account.cookie, { name: 'fan' })).statusCode).toBe(200);
    expect((await setType(account.cookie, { name: 'fan' })).statusCode).toBe(200);
    const change = await setType(account.cookie, { name: 'creator', cartegory: 'podcaster' });
    expect(change.statusCode).toBe(409);
    expect(change.json()).toMatchObject({
      success: false,
      code: 'ACCOUNT_TYPE_ALREADY_SET',
      message: AUTH_MESSAGES.accountTypeAlreadySet,
    });
    const session = await testApp.app.inject({
      url: '/api/auth/session',
      headers: { cookie: account.cookie },
    });
    expect(session.json().account_type.name).toBe('fan');
  });
});
