import { type SignedRequest, verifyRequest } from './http-message-signatures.ts';
import type { PawapayClient } from './pawapay-client.ts';

/** A callback as it reached us: the signed parts and the headers that carry the signature. */
export type ReceivedCallback = SignedRequest & { headers: Record<string, string | string[] | undefined> };

const KEY_REFRESH_INTERVAL_MS = 60_000;

/**
 * Checks pawaPay's signature on a callback (deposits and payouts alike) with the keys
 * pawaPay publishes; a key we do not know yet makes us fetch them again (pawaPay may have
 * rotated them), at most once a minute. Callbacks that arrive while the keys are being
 * fetched wait for that fetch rather than being judged by the keys it replaces.
 */
export function createCallbackVerifier(pawapay: Pick<PawapayClient, 'getPublicKeys'>) {
  let publicKeys = new Map<string, string>();
  let keysFetchedAt = 0;
  let fetching: Promise<void> | undefined;
  return async function verifyCallback(request: ReceivedCallback) {
    let result = verifyRequest(request, publicKeys);
    if (result.ok || result.reason !== 'unknown key') return result;
    if (!fetching && Date.now() - keysFetchedAt > KEY_REFRESH_INTERVAL_MS) {
      keysFetchedAt = Date.now();
      fetching = pawapay
        .getPublicKeys()
        .then((keys) => {
          publicKeys = keys;
        })
        .finally(() => {
          fetching = undefined;
        });
    }
    if (fetching) {
      await fetching;
      result = verifyRequest(request, publicKeys);
    }
    return result;
  };
}

/** What a callback route answers: pawaPay counts a delivery only on 200 and retries otherwise. */
export type CallbackAnswer = { statusCode: 200 | 400 | 401 | 404; message: string };

export function parseCallbackBody(body: Buffer | string): unknown {
  try {
    return JSON.parse(body.toString());
  } catch {
    return undefined;
  }
}
