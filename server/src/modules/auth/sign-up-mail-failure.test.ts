import { describe, expect, it } from 'vitest';
import { findCookie } from '../../test/factories/people.ts';
import { setupTestApp } from '../../test/test-app.ts';

// A mail server that is down when someone signs up.
const testApp = setupTestApp({
  mailer: {
    kind: 'smtp',
    send: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.25:587')),
    close: () => {},
  },
});

describe('sign-up when the verification mail cannot be sent', () => {
  it('still creates and signs in the account, so Resend Code can recover', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        country: 'ZM',
        email: 'offline-mail@example.com',
        password: 'kalulu river sunrise',
        name: 'Natasha Zulu',
        username: 'natashazulu',
      },
    });
    expect(response.statusCode).toBe(201);
    const cookie = `token=${findCookie(response, 'token')?.value}`;
    const session = await testApp.app.inject({ url: '/api/auth/session', headers: { cookie } });
    expect(session.json()).toMatchObject({ email: 'offline-mail@example.com', isEmailVerified: false });
  });
});
