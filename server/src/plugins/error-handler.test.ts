import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../lib/errors.ts';
import { setupTestApp } from '../test/test-app.ts';

const testApp = setupTestApp();
beforeAll(() => {
  const { app } = testApp;
  // Routes that exist only in this test, to reach each branch of the handler.
  app.get('/api/test/crash', async () => {
    throw new Error('database password is hunter2');
  });
  app.get('/api/test/rule', async () => {
    throw new AppError('INSUFFICIENT_BALANCE', 'Top up your balance and try again.');
  });
  app.get('/api/test/missing', async () => {
    throw new AppError('NOT_FOUND', 'That post does not exist.');
  });
  app.post(
    '/api/test/body',
    { schema: { body: z.object({ amount: z.number().int().positive() }) } },
    async () => ({
      success: true,
    }),
  );
});

describe('error answers', () => {
  it('names the invalid field in a 400, in words', async () => {
    const response = await testApp.app.inject({ url: '/api/dev/outbox?to=not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'To must be an email address.',
      field: 'to',
    });
  });

  it('names the invalid body field', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/body',
      payload: { amount: -5 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Amount must be more than 0.', field: 'amount' });
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/body',
      headers: { 'content-type': 'application/json' },
      payload: '{"amount": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false });
  });

  it('answers a malformed URL, which Fastify refuses before routing, in the same shape', async () => {
    const response = await testApp.app.inject({ url: '/api/%zz' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      code: 'FST_ERR_BAD_URL',
      message: 'The address is not valid: a % in it does not start the escape of a character (such as %20).',
    });
  });

  it('maps a broken rule to its code and message', async () => {
    const rule = await testApp.app.inject('/api/test/rule');
    expect(rule.statusCode).toBe(400);
    expect(rule.json()).toEqual({
      success: false,
      code: 'INSUFFICIENT_BALANCE',
      message: 'Top up your balance and try again.',
    });
    expect((await testApp.app.inject('/api/test/missing')).statusCode).toBe(404);
  });

  it('hides the details of a 500', async () => {
    const response = await testApp.app.inject('/api/test/crash');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      success: false,
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(response.body).not.toContain('hunter2');
  });
});
