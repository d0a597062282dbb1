import { AUTH_MESSAGES, SECURITY_QUESTIONS } from '@stagepass/contract/auth';
import { describe, expect, it } from 'vitest';
import { readCookies, signUpAccount } from '../../test/factories/people.ts';
import { setupTestApp } from '../../test/test-app.ts';

// No background worker: the thousands of mails the junk below queues are not what is tested.
const testApp = setupTestApp({ env: { JOB_CONCURRENCY: '0' } });
let addresses = 0;
/** A request from an address of its own: the per-address limits stay out of these tests. */
const fromNewAddress = (request: {
  method: 'POST';
  url: string;
  payload: object;
  headers?: Record<string, string>;
}) => {
  addresses += 1;
  const remoteAddress = `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
  return testApp.app.inject({ ...request, remoteAddress });
};
const signIn = (identifier: string, password: string) =>
  fromNewAddress({ method: 'POST', url: '/api/auth/signin', payload: { identifier, password } });
const forgotPassword = (email: string) =>
  fromNewAddress({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });

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

  it('per address: an IPv6 client is its /64, whichever of its addresses it sends from', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: `v6-${attempt}@example.com` },
        remoteAddress: `2001:db8:5:6::${attempt + 1}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
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

describe('per-account limits', () => {
  it('keep a locked account locked through 5,100 requests naming other accounts', async () => {
    const account = await signUpAccount(testApp.app);
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await signIn(account.email, 'a wrong guess')).statusCode).toBe(401);
    }
    expect((await signIn(account.email, 'one guess too many')).statusCode).toBe(429);
    for (let attempt = 0; attempt < 3; attempt++)
      expect((await forgotPassword(account.email)).statusCode).toBe(200);
    expect((await forgotPassword(account.email)).statusCode).toBe(429);

    // More keys than an in-memory LRU of 5,000 holds, from many addresses.
    for (let batch = 0; batch < 51; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, index) => forgotPassword(`junk${batch}x${index}@example.com`)),
      );
      expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    }

    expect((await signIn(account.email, 'a fresh guess')).statusCode).toBe(429);
    expect((await forgotPassword(account.email)).statusCode).toBe(429);
  }, 180_000);

  it('count sign-in guesses per account: its email and username, in any case, share 10', async () => {
    const account = await signUpAccount(testApp.app);
    const spellings = [
      account.email,
      `  ${account.email.toUpperCase()} `,
      account.username,
      account.username.slice(1),
      ` ${account.username.toUpperCase()}`,
    ];
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await signIn(spellings[attempt % spellings.length]!, 'a wrong guess')).statusCode).toBe(401);
    }
    for (const spelling of spellings) expect((await signIn(spelling, account.password)).statusCode).toBe(429);
  });

  it('count sign-in guesses on an unknown name per name, in any case', async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const spelling = attempt % 2 ? '@Nobody_Here' : ' nobody_here ';
      expect((await signIn(spelling, 'a wrong guess')).statusCode).toBe(401);
    }
    expect((await signIn('NOBODY_HERE', 'a wrong guess')).statusCode).toBe(429);
  });

  it('count security answers per account, not per session: three sign-ins share 5', async () => {
    const account = await signUpAccount(testApp.app);
    const saved = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/security-question',
      headers: { cookie: account.cookie },
      payload: { question: SECURITY_QUESTIONS[0], answer: 'Kabulonga Primary' },
    });
    expect(saved.statusCode).toBe(200);
    const sessions = [];
    for (let index = 0; index < 3; index++)
      sessions.push(readCookies(await signIn(account.email, account.password)));
    const answer = (cookie: string) =>
      fromNewAddress({
        method: 'POST',
        url: '/api/auth/security-question/verify',
        headers: { cookie },
        payload: { answer: 'a wrong answer' },
      });
    const statuses = [];
    for (const cookie of [...sessions, ...sessions]) statuses.push((await answer(cookie)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});
