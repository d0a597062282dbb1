import { defineRoutes } from '@stagepass/contract/routes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, genericErrorMessage, requestApi, requestRoute, toRoutePath } from './api-client';

const exampleRoutes = defineRoutes({
  renamePart: {
    method: 'PUT',
    path: '/api/things/:thingId/parts/:part',
    audience: 'signed-in',
    tags: ['examples'],
    summary: 'An example route',
    params: z.object({ thingId: z.string(), part: z.coerce.number() }),
    querystring: z.object({ dryRun: z.boolean().optional() }),
    body: z.object({ name: z.string() }),
    response: { 200: z.object({ success: z.literal(true), partId: z.string() }) },
  },
});

function answerWith(response: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => response),
  );
}

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('requestApi', () => {
  it('resolves with the body of a successful answer', async () => {
    answerWith(jsonResponse({ success: true, name: 'jane' }));
    await expect(requestApi('/api/example')).resolves.toEqual({ success: true, name: 'jane' });
  });

  it("rejects with the API's message and code", async () => {
    answerWith(jsonResponse({ success: false, message: 'Top up your balance', code: 'NO_FUNDS' }, 402));
    await expect(requestApi('/api/example')).rejects.toMatchObject({
      message: 'Top up your balance',
      code: 'NO_FUNDS',
      status: 402,
    });
  });

  it('treats success: false as a failure even with a 2xx status', async () => {
    answerWith(jsonResponse({ success: false, message: 'Not allowed', code: 'FORBIDDEN' }));
    await expect(requestApi('/api/example')).rejects.toMatchObject({ code: 'FORBIDDEN', status: 200 });
  });

  it('falls back to the generic message when the answer is not ours', async () => {
    answerWith(
      new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
    );
    await expect(requestApi('/api/example')).rejects.toMatchObject({
      message: genericErrorMessage,
      code: 'HTTP_502',
    });
  });

  it('ignores error fields of the wrong type', async () => {
    answerWith(jsonResponse({ message: 42, code: null }, 500));
    const error = await requestApi('/api/example').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: genericErrorMessage, code: 'HTTP_500' });
  });

  it('reports a network failure as NETWORK_ERROR', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(requestApi('/api/example')).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
  });
});

describe('requestRoute', () => {
  it('fills the path parameters, escaped, and sends the query and body of a declared route', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ success: true, partId: 'p1' }));
    vi.stubGlobal('fetch', fetchMock);
    const answer = await requestRoute<typeof exampleRoutes.renamePart>(
      'PUT /api/things/:thingId/parts/:part',
      {
        params: { thingId: 'a b/c', part: 7 },
        query: { dryRun: true },
        body: { name: 'Wheel' },
      },
    );
    expect(answer.partId).toBe('p1');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/things/a%20b%2Fc/parts/7?dryRun=true',
      expect.objectContaining({ method: 'PUT', body: JSON.stringify({ name: 'Wheel' }) }),
    );
  });

  it('builds the query from defined values only', () => {
    expect(toRoutePath('/api/wallet', {}, { cursor: undefined, limit: 20, q: null })).toBe(
      '/api/wallet?limit=20',
    );
    expect(toRoutePath('/api/wallet', {}, {})).toBe('/api/wallet');
  });

  it('refuses a path whose parameter is missing instead of calling a wrong address', () => {
    expect(() => toRoutePath('/api/users/:username')).toThrow('needs its parameter username');
  });
});
