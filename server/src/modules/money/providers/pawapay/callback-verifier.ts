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

const received: CallbackAnswer = { statusCode: 200, message: 'Received.' };

/**
 * pawaPay's callback with a deposit's or a payout's final status, posted to us, perhaps
 * more than once, perhaps forged. Nothing moves unless it is proven: with signed callbacks
 * the signature over the raw body must hold, and the body is then pawaPay's word (`apply`);
 * without them the body only names one of ours, whose status is read from pawaPay
 * (`recheck`). pawaPay counts a delivery only on 200 and retries otherwise, so one we do not
 * know (yet) answers 404 and comes again; the reconciliation job has it anyway.
 */
export function createCallbackReceiver<Report>(options: {
  /** 'deposit' or 'payout', for the answers and the log. */
  subject: string;
  pawapay: Pick<PawapayClient, 'getPublicKeys'>;
  log: { warn(context: object, message: string): void };
  signedCallbacks: boolean;
  schema: { safeParse(value: unknown): { success: true; data: Report } | { success: false } };
  /** Applies a proven report; false when it is about nothing of ours. */
  apply(report: Report): Promise<boolean>;
  /** Re-reads from pawaPay the one an unproven report names; false when it is not ours. */
  recheck(report: Report): Promise<boolean>;
}) {
  const verify = createCallbackVerifier(options.pawapay);
  const unknown: CallbackAnswer = { statusCode: 404, message: `There is no such ${options.subject}.` };
  return async function receiveCallback(request: ReceivedCallback): Promise<CallbackAnswer> {
    if (options.signedCallbacks) {
      const verdict = await verify(request);
      if (!verdict.ok) {
        options.log.warn({ reason: verdict.reason }, `${options.subject} callback refused: bad signature`);
        return { statusCode: 401, message: 'The callback signature is not valid.' };
      }
    }
    const parsed = options.schema.safeParse(parseCallbackBody(request.body));
    if (!parsed.success) return { statusCode: 400, message: `The callback is not a ${options.subject}.` };
    const isOurs = options.signedCallbacks
      ? await options.apply(parsed.data)
      : await options.recheck(parsed.data);
    return isOurs ? received : unknown;
  };
}
