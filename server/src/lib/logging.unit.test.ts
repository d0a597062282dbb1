import { describe, expect, it } from 'vitest';
import { formatErrorForConsole, scrubText, serializeError } from './logging.ts';

describe('scrubText', () => {
  it('replaces email addresses, also URL-encoded, and keeps the words around them', () => {
    expect(scrubText("Can't send mail - all recipients were rejected: 550 <Mwila.B@example.co.zm>")).toBe(
      "Can't send mail - all recipients were rejected: 550 <[email]>",
    );
    expect(scrubText('GET /account/forgot-password/a%2Bb%40x.co')).toBe(
      'GET /account/forgot-password/[email]',
    );
  });

  it('replaces argon2 hashes', () => {
    expect(scrubText('hash $argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA end')).toBe('hash [hash] end');
  });

  it('drops the query and fragment of a path or URL', () => {
    expect(scrubText('Reply was already sent in the "/media/a/b.webp?exp=1&sig=abc" route')).toBe(
      'Reply was already sent in the "/media/a/b.webp?[query]" route',
    );
    expect(scrubText('see https://x.example/account/forgot-password#reset=abc')).toBe(
      'see https://x.example/account/forgot-password?[query]',
    );
  });

  it('keeps only the last three digits of a phone-length number', () => {
    expect(scrubText('260763451789 is not a AIRTEL_OAPI_ZMB number.')).toBe(
      '…789 is not a AIRTEL_OAPI_ZMB number.',
    );
    expect(scrubText('msisdn=+260971234567')).toBe('msisdn=…567');
    // Short numbers and ids with digits in them stay.
    expect(scrubText('listen EADDRINUSE :::3000, job 12345, id a1234567890b')).toBe(
      'listen EADDRINUSE :::3000, job 12345, id a1234567890b',
    );
  });
});

describe('serializeError', () => {
  it('keeps type, cleaned message, stack frames and code; leaves out fields that carry values', () => {
    const error = Object.assign(new Error('Message failed: 550 5.1.1 <mwila@example.com> unknown'), {
      code: 'EMESSAGE',
      responseCode: 550,
      response: '550 5.1.1 <mwila@example.com> unknown',
      rejected: ['mwila@example.com'],
      command: 'RCPT TO',
    });
    const logged = serializeError(error);
    expect(logged).toEqual({
      type: 'Error',
      message: 'Message failed: 550 5.1.1 <[email]> unknown',
      stack: expect.stringMatching(/^Error: Message failed: 550 5\.1\.1 <\[email\]> unknown\n\s+at /),
      code: 'EMESSAGE',
    });
  });

  it("takes the values out of Drizzle's message and stack, and follows the cause", () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_unique"'),
      {
        severity: 'ERROR',
        code: '23505',
        constraint: 'users_email_unique',
        table: 'users',
        detail: 'Key (email)=(mwila@example.com) already exists.',
      },
    );
    const query = 'insert into "users" ("email", "password_hash") values ($1, $2)';
    const params = ['mwila@example.com', '$argon2id$v=19$m=19456,t=2,p=1$abc$def'];
    class DrizzleQueryError extends Error {
      constructor(
        readonly query: string,
        readonly params: unknown[],
        override readonly cause: Error,
      ) {
        super(`Failed query: ${query}\nparams: ${params}`);
      }
    }
    const logged = serializeError(new DrizzleQueryError(query, params, cause));
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      message: `Failed query: ${query}`,
      cause: { type: 'DatabaseError', code: '23505', constraint: 'users_email_unique', table: 'users' },
    });
    const text = JSON.stringify(logged);
    expect(text).not.toContain('mwila');
    expect(text).not.toContain('argon2');
    expect(text).not.toContain('Key (');
  });

  it('reads a provider error without its body, and each error of an AggregateError', () => {
    const provider = Object.assign(new Error('pawaPay answered 400: {"payer":"260763451789"}'), {
      status: 400,
      body: '{"payer":"260763451789"}',
    });
    const logged = serializeError(new AggregateError([provider, 'offline'], 'all failed'));
    expect(logged.errors).toEqual([
      {
        type: 'Error',
        message: 'pawaPay answered 400: {"payer":"…789"}',
        stack: expect.any(String),
        status: 400,
      },
      { type: 'string', message: 'offline', stack: '' },
    ]);
    expect(serializeError({ password: 'x' })).toEqual({
      type: 'object',
      message: 'a thrown object',
      stack: '',
    });
  });
});

describe('formatErrorForConsole', () => {
  it('prints the cleaned stack of the error and of each cause', () => {
    const cause = Object.assign(new Error('relation "users" does not exist'), {
      severity: 'ERROR',
      code: '42P01',
    });
    const error = Object.assign(
      new Error('Failed query: select 1 from users where email = $1\nparams: a@b.co'),
      {
        query: 'select 1 from users where email = $1',
        params: ['a@b.co'],
        cause,
      },
    );
    const text = formatErrorForConsole(error);
    expect(text).toMatch(/^Error: Failed query: select 1 from users where email = \$1\n\s+at /);
    expect(text).toContain('\ncaused by: DatabaseError: relation "users" does not exist\n');
    expect(text).toMatch(/\(42P01\)$/);
    expect(text).not.toContain('a@b.co');
  });
});
