import { describe, expect, it } from 'vitest';
import { PRODUCTION_TEST_ENV, setupTestApp } from '../../test/test-app.ts';

describe('the dev outbox', () => {
  const development = setupTestApp();

  it('keeps mail when no SMTP server is set, newest first, whatever the address case', async () => {
    const { app } = development;
    expect(app.mailer.kind).toBe('dev-outbox');
    await app.mailer.send({ to: 'Thandiwe@Example.com', subject: 'First', text: 'one' });
    await app.mailer.send({ to: 'thandiwe@example.com', subject: 'Second', text: 'two', html: '<p>two</p>' });
    await app.mailer.send({ to: 'someone-else@example.com', subject: 'Not hers', text: 'three' });

    const response = await app.inject('/api/dev/outbox?to=THANDIWE@example.com');
    expect(response.statusCode).toBe(200);
    const { messages } = response.json();
    expect(messages.map((m: { subject: string }) => m.subject)).toEqual(['Second', 'First']);
    expect(messages[0]).toMatchObject({ to: 'thandiwe@example.com', text: 'two', html: '<p>two</p>' });
    expect(Date.parse(messages[0].createdAt)).not.toBeNaN();
    expect(messages[1].html).toBeNull();
  });

  it('answers only callers on this machine, as it holds sign-in codes', async () => {
    const response = await development.app.inject({
      url: '/api/dev/outbox?to=thandiwe@example.com',
      remoteAddress: '203.0.113.9',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });
});

describe('in production', () => {
  const production = setupTestApp({ env: PRODUCTION_TEST_ENV });

  it('has no dev outbox and sends mail over SMTP', async () => {
    const response = await production.app.inject('/api/dev/outbox?to=a@example.com');
    expect(response.statusCode).toBe(404);
    expect(production.app.mailer.kind).toBe('smtp');
  });
});
