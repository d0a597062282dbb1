import { generateKeyPairSync, type KeyObject, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { signRequest } from '../http-message-signatures.ts';
import { PAWAPAY_PATHS } from '../pawapay-api.ts';

/**
 * What the sandbox's deposits and payouts share, as one pawaPay account does: the API token
 * it checks, the key it signs callbacks with, its delivery of callbacks (retried until one
 * is answered 200), and a clock whose timers and held answers all stop at close.
 */

/** pawaPay retries a callback not answered 200 on a growing schedule, then gives up. */
const CALLBACK_RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000, 16_000];
/** The latest callback attempts kept for the tests to read (the demo runs for days). */
const KEPT_ATTEMPTS = 200;

export type SandboxCallback = {
  kind: 'deposit' | 'payout';
  /** The deposit's or payout's id. */
  id: string;
  /** Read at each attempt; undefined while it is not known (nothing is sent). */
  url: () => string | undefined;
  payload: unknown;
  markDelivered: () => Promise<void>;
};

/** One post of a callback and how it was answered (null: no answer at all). */
export type SandboxCallbackAttempt = { kind: SandboxCallback['kind']; id: string; status: number | null };

export type SandboxRuntime = ReturnType<typeof createSandboxRuntime>;

export function createSandboxRuntime(options: { apiToken: string; log?: Pick<FastifyBaseLogger, 'warn'> }) {
  const signingKey = createSigningKey();
  const pendingTimers = new Set<NodeJS.Timeout>();
  const heldAnswers = new Set<() => void>();
  const callbackAttempts: SandboxCallbackAttempt[] = [];
  let isClosed = false;

  function later(ms: number, run: () => void): NodeJS.Timeout {
    const timer = setTimeout(() => {
      pendingTimers.delete(timer);
      if (!isClosed) run();
    }, ms);
    pendingTimers.add(timer);
    return timer;
  }

  /** Posts the callback signed, and again on the retry schedule until it is answered 200. */
  async function sendCallback(callback: SandboxCallback, attempt = 0): Promise<void> {
    const url = callback.url();
    if (!url || isClosed) return;
    const target = new URL(url);
    const body = JSON.stringify(callback.payload);
    const headers = signRequest(
      {
        method: 'POST',
        authority: target.host,
        path: target.pathname,
        contentType: 'application/json',
        body,
      },
      signingKey,
    );
    let status: number | null = null;
    let isDelivered = false;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      status = response.status;
      await response.body?.cancel();
      if (status === 200) {
        await callback.markDelivered();
        isDelivered = true;
      }
    } catch {
      // Unreachable, or marking it delivered failed: it is sent again.
    }
    callbackAttempts.push({ kind: callback.kind, id: callback.id, status });
    if (callbackAttempts.length > KEPT_ATTEMPTS) callbackAttempts.shift();
    if (isDelivered) return;
    const retryIn = CALLBACK_RETRY_DELAYS_MS[attempt];
    if (retryIn !== undefined) {
      later(retryIn, () => void sendCallback(callback, attempt + 1));
    } else {
      options.log?.warn(
        { [`${callback.kind}Id`]: callback.id },
        'pawaPay sandbox gave up delivering a callback',
      );
    }
  }

  /** Waits, but never past close: a held answer must not keep the server from stopping. */
  function holdAnswer(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const release = () => {
        clearTimeout(timer);
        heldAnswers.delete(release);
        resolve();
      };
      const timer = setTimeout(release, ms);
      heldAnswers.add(release);
    });
  }

  function isAuthorised(header: string | undefined): boolean {
    const given = Buffer.from(header ?? '');
    const expected = Buffer.from(`Bearer ${options.apiToken}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** An onRequest hook: every path but the public keys wants the API token, as pawaPay's do. */
  async function refuseUnauthorised(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (request.url.endsWith(PAWAPAY_PATHS.publicKeys)) return;
    if (!isAuthorised(request.headers.authorization)) {
      return reply
        .code(401)
        .send({ errorId: 'sandbox', errorCode: 1, errorMessage: 'Authentication failed.' });
    }
  }

  return {
    later,
    sendCallback,
    holdAnswer,
    refuseUnauthorised,
    publicKeys: () => [{ id: signingKey.id, key: signingKey.publicKeyPem }],
    /** Every callback post so far, oldest first (the latest KEPT_ATTEMPTS). */
    listCallbackAttempts: (): readonly SandboxCallbackAttempt[] => [...callbackAttempts],
    close(): void {
      isClosed = true;
      for (const timer of pendingTimers) clearTimeout(timer);
      pendingTimers.clear();
      for (const release of [...heldAnswers]) release();
    },
  };
}

function createSigningKey(): { id: string; privateKey: KeyObject; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  return { id: `sandbox-${Date.now().toString(36)}`, privateKey, publicKeyPem };
}
