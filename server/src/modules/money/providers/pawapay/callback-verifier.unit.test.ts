import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCallbackVerifier } from './callback-verifier.ts';
import { signRequest } from './http-message-signatures.ts';

const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const publishedKeys = new Map([['key-1', publicKey.export({ type: 'spki', format: 'pem' }).toString()]]);
const request = {
  method: 'POST',
  authority: 'stagepass.example',
  path: '/api/pawapay/callbacks/payouts',
  contentType: 'application/json',
  body: '{"payoutId":"p","status":"COMPLETED"}',
};

describe("the callback verifier's keys", () => {
  it('lets callbacks that arrive while the keys are fetched wait for them, and fetches once', async () => {
    let fetches = 0;
    const verify = createCallbackVerifier({
      getPublicKeys: async () => {
        fetches += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return publishedKeys;
      },
    });
    const headers = signRequest(request, { id: 'key-1', privateKey });

    const verdicts = await Promise.all(Array.from({ length: 5 }, () => verify({ ...request, headers })));

    expect(verdicts).toEqual(Array.from({ length: 5 }, () => ({ ok: true })));
    expect(fetches).toBe(1);
  });

  it('does not fetch again within a minute for a key pawaPay does not publish', async () => {
    let fetches = 0;
    const verify = createCallbackVerifier({
      getPublicKeys: async () => {
        fetches += 1;
        return publishedKeys;
      },
    });
    const stranger = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    const headers = signRequest(request, { id: 'key-2', privateKey: stranger });

    expect((await verify({ ...request, headers })).ok).toBe(false);
    expect((await verify({ ...request, headers })).ok).toBe(false);
    expect(fetches).toBe(1);
  });
});
