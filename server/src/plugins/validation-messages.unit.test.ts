import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validatorCompiler } from './validation.ts';
import { labelField } from './validation-messages.ts';

/** The first message the route's validator gives for `data`, as a client reads it. */
function messageFor(schema: z.ZodType, data: unknown, httpPart = 'body'): string | undefined {
  const validate = validatorCompiler({ schema, method: 'POST', url: '/api/test', httpPart });
  const result = validate(data) as { error?: { message?: string }[] };
  return result.error?.[0]?.message;
}

describe('the label of a field', () => {
  it('is its name in words, first letter capital', () => {
    expect(labelField(['username'], 'body')).toBe('Username');
    expect(labelField(['countryCode'], 'body')).toBe('Country code');
    expect(labelField(['security_question'], 'body')).toBe('Security question');
    expect(labelField(['_id'], 'params')).toBe('ID');
    expect(labelField(['postAssets', 'image', 'public_id'], 'body')).toBe('Public ID');
  });

  it('names an item of a list by its place, and a part of the request by what it is', () => {
    expect(labelField(['tags', 2], 'body')).toBe('Tags (item 3)');
    expect(labelField([], 'body')).toBe('The request body');
    expect(labelField([], 'querystring')).toBe('The query string');
  });

  it('is the title the schema gives a field whose name says nothing', () => {
    const schema = z.object({ x: z.string().max(3).meta({ title: 'Cursor' }) });
    expect(labelField(['x'], 'params', schema)).toBe('Cursor');
    expect(messageFor(schema, { x: 'abcd' }, 'params')).toBe('Cursor must be at most 3 characters.');
    // A field named like a property every object has is no field of the schema.
    expect(labelField(['constructor'], 'body', schema)).toBe('Constructor');
    expect(labelField(['toString', 'a'], 'body', schema)).toBe('A');
  });
});

describe('the message of a refused field', () => {
  it('says what is wrong in words, per kind of problem', () => {
    const schema = z.object({
      username: z.string().min(3).max(30),
      price: z.number().int().min(100).optional(),
      amount: z.number().positive().optional(),
      type: z.enum(['photo', 'video', 'text']).optional(),
      email: z.email().optional(),
      requestId: z.uuid().optional(),
      isOpen: z.boolean().optional(),
      tags: z.array(z.string()).max(2).optional(),
      bio: z.string().min(1).optional(),
    });
    const valid = { username: 'mwila' };
    const cases: [unknown, string][] = [
      [{}, 'Username is required.'],
      [{ username: null }, 'Username is required.'],
      [{ username: 42 }, 'Username must be text.'],
      [{ ...valid, bio: '' }, 'Bio is required.'],
      [{ username: 'ab' }, 'Username must be at least 3 characters.'],
      [{ username: 'a'.repeat(31) }, 'Username must be at most 30 characters.'],
      [{ ...valid, price: 150.5 }, 'Price must be a whole number.'],
      [{ ...valid, price: '150' }, 'Price must be a number.'],
      [{ ...valid, price: 99 }, 'Price must be at least 100.'],
      [{ ...valid, price: 1e20 }, 'Price is too large.'],
      [{ ...valid, amount: 0 }, 'Amount must be more than 0.'],
      [{ ...valid, type: 'audio' }, 'Type must be one of: photo, video, text.'],
      [{ ...valid, email: 'not-an-email' }, 'Email must be an email address.'],
      [{ ...valid, requestId: 'abc' }, 'Request ID must be a UUID.'],
      [{ ...valid, isOpen: 'yes' }, 'Is open must be true or false.'],
      [{ ...valid, tags: 'a' }, 'Tags must be a list.'],
      [{ ...valid, tags: ['a', 'b', 'c'] }, 'Tags must have at most 2 items.'],
      [{ ...valid, tags: ['a', 5] }, 'Tags (item 2) must be text.'],
      ['a string', 'The request body must be an object.'],
    ];
    for (const [data, message] of cases) {
      expect({ data, message: messageFor(schema, data) }).toEqual({ data, message });
    }
  });

  it('names a missing or unknown key of a discriminated union, and unknown fields', () => {
    const schema = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('report') }),
      z.object({ kind: z.literal('block') }),
    ]);
    expect(messageFor(schema, {})).toBe('Kind is required.');
    expect(messageFor(schema, { kind: 'mute' })).toBe('Kind must be one of: report, block.');
    expect(messageFor(z.strictObject({ a: z.string() }), { a: 'x', b: 1 })).toBe(
      'The request body has a field we do not know: b.',
    );
  });

  it('keeps the words a schema gives, such as the spec’s messages', () => {
    const schema = z.object({ email: z.string().min(1, 'Email address is required!') });
    expect(messageFor(schema, { email: '' })).toBe('Email address is required!');
  });
});
