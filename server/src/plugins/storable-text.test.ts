import { describe, expect, it } from 'vitest';
import { posts, profileReports, users } from '../db/schema/index.ts';
import { createPerson } from '../test/factories/people.ts';
import { setupTestApp } from '../test/test-app.ts';

// PostgreSQL cannot store U+0000 in text: every such value used to reach the database and
// come back as a 500. One rule at the edge refuses it with a 400 naming the field, on every
// route, as it does a UTF-16 surrogate without its partner (no character at all).

const testApp = setupTestApp();
const NUL = '\u0000';

type Case = { name: string; method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object; message: string };

describe('a character the database cannot store', () => {
  it('is a 400 naming the field, wherever it is in the request', async () => {
    const { app } = testApp;
    const creator = await createPerson(app, { role: 'creator' });
    const fan = await createPerson(app, { role: 'fan' });
    const signUp = {
      country: 'ZM',
      email: 'nul@example.com',
      password: 'a long enough password',
      username: 'nullish',
    };
    const cases: Case[] = [
      {
        name: 'a path parameter',
        method: 'GET',
        url: '/api/users/abc%00def',
        message: 'Username contains a character that is not allowed (U+0000).',
      },
      {
        name: 'a query parameter',
        method: 'GET',
        url: '/api/creators?q=ab%00c',
        message: 'Search contains a character that is not allowed (U+0000).',
      },
      {
        name: 'a sign-up name',
        method: 'POST',
        url: '/api/auth/signup',
        payload: { ...signUp, name: `Mwila${NUL}` },
        message: 'Name contains a character that is not allowed (U+0000).',
      },
      {
        name: 'a sign-in identifier',
        method: 'POST',
        url: '/api/auth/signin',
        payload: { identifier: `a${NUL}b`, password: 'whatever it is' },
        message: 'Identifier contains a character that is not allowed (U+0000).',
      },
      {
        name: 'a post description',
        method: 'POST',
        url: '/api/post/create',
        payload: { type: 'text', description: `Hello${NUL}` },
        message: 'Description contains a character that is not allowed (U+0000).',
      },
      {
        name: 'a report text',
        method: 'POST',
        url: `/api/users/${creator.username}/report`,
        payload: { kind: 'report', reason: 'Other', text: `fake${NUL}` },
        message: 'Text contains a character that is not allowed (U+0000).',
      },
      {
        name: 'a lone surrogate in JSON',
        method: 'POST',
        url: '/api/post/create',
        payload: { type: 'text', description: 'broken \ud800 pair' },
        message: 'Description contains a character that is not allowed (U+D800).',
      },
      {
        name: 'a nested value',
        method: 'PUT',
        url: '/api/post/update/AAAAAAAAAAAAAAAA',
        payload: { target: 'likes', update: { like: { name: `love${NUL}` } } },
        message: 'Name contains a character that is not allowed (U+0000).',
      },
      {
        name: 'a field name',
        method: 'POST',
        url: '/api/post/create',
        payload: { type: 'text', description: 'x', [`odd${NUL}key`]: 1 },
        message: 'The request body has a field name with a character that is not allowed (U+0000).',
      },
    ];
    for (const { name, method, url, payload, message } of cases) {
      const cookie = name === 'a report text' ? fan.cookie : creator.cookie;
      const response = await app.inject({ method, url, payload, headers: { cookie } });
      expect({ name, status: response.statusCode, body: response.json() }).toMatchObject({
        name,
        status: 400,
        body: { success: false, code: 'VALIDATION_ERROR', message },
      });
    }
    // Nothing half-written: only the two people of this test exist, and nothing of theirs.
    expect(await app.db.$count(users)).toBe(2);
    expect(await app.db.$count(posts)).toBe(0);
    expect(await app.db.$count(profileReports)).toBe(0);
  });

  it('tells a form which field it is', async () => {
    const creator = await createPerson(testApp.app, { role: 'creator' });
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      payload: { bio: `I sing${NUL}` },
      headers: { cookie: creator.cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'Bio contains a character that is not allowed (U+0000).',
      field: 'bio',
    });
  });

  it('keeps every other character, surrogate pairs (emoji) included', async () => {
    const creator = await createPerson(testApp.app, { role: 'creator' });
    const description = 'Tonight 🎤 at Lusaka – “live”';
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/post/create',
      payload: { type: 'text', description },
      headers: { cookie: creator.cookie },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().newPost.description).toBe(description);
  });
});
