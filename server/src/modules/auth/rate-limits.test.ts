import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/test-app.ts';

const testApp = setupTestApp();

async function statusesOf(count: number, request: { method: 'GET' | 'POST'; url: string; payload?: object }) {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < count; attempt++) {
    const response = await testApp.app.inject({ ...request, remoteAddress: '198.18.0.7' });
    statuses.push(response.statusCode);
    if (response.statusCode === 429) {
      expect(response.json()).toEqual({
        success: false,
        code: 'RATE_LIMITED',
        message: AUTH_MESSAGES.tooManyRequests,
      });
    }
  }
  return statuses;
}

describe('rate limits (429 with a clear message)', () => {
  it('on forgot-password: 5 per address, 3 per email, each 15 minutes', async () => {
    const sameEmail = await statusesOf(4, {
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'a@example.com' },
    });
    expect(sameEmail).toEqual([200, 200, 200, 429]);
    const otherEmail = await statusesOf(2, {
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'b@example.com' },
    });
    expect(otherEmail).toEqual([200, 429]);
  });

  it('on code checks: 10 a minute per address', async () => {
    const payload = { purpose: 'email-verification', email: 'a@example.com', code: '123456' };
    const statuses = await statusesOf(11, { method: 'POST', url: '/api/auth/verify-code', payload });
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
  });

  it('on resending codes: 3 per email in 10 minutes', async () => {
    const statuses = await statusesOf(4, {
      method: 'POST',
      url: '/api/auth/resend-code',
      payload: { email: 'c@example.com' },
    });
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('on username checks: 60 a minute per address', async () => {
    const statuses = await statusesOf(61, { method: 'GET', url: '/api/auth/username-available/somebody' });
    expect(statuses.at(-1)).toBe(429);
  });
});
