import type { z } from 'zod';
import {
  PAWAPAY_PATHS,
  type PawapayActiveConfiguration,
  type PawapayAvailability,
  type PawapayDeposit,
  type PawapayDepositRequest,
  type PawapayInitiationAnswer,
  type PawapayPayout,
  type PawapayPayoutActionAnswer,
  type PawapayPayoutInitiationAnswer,
  type PawapayPayoutRequest,
  ZPawapayActiveConfiguration,
  ZPawapayAvailability,
  ZPawapayBulkPayoutAnswer,
  ZPawapayDepositLookup,
  ZPawapayInitiationAnswer,
  ZPawapayPayoutActionAnswer,
  ZPawapayPayoutInitiationAnswer,
  ZPawapayPayoutLookup,
  ZPawapayPrediction,
  ZPawapayPublicKeys,
  ZPawapayResendAnswer,
} from './pawapay-api.ts';

/**
 * pawaPay's deposits and payouts API over HTTP, for the real provider and for our sandbox alike. Every
 * call has a deadline: a provider that does not answer in time is reported as unavailable,
 * and the caller re-checks the deposit's status instead of guessing.
 */

/** The provider did not answer in time, could not be reached, or failed (5xx). */
export class PawapayUnavailableError extends Error {
  override name = 'PawapayUnavailableError';
}

/** The provider refused the request itself (4xx): our request was wrong. */
export class PawapayRequestError extends Error {
  override name = 'PawapayRequestError';
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`pawaPay answered ${status}: ${body.slice(0, 500)}`);
  }
}

export type PawapayClient = {
  initiateDeposit(request: PawapayDepositRequest): Promise<PawapayInitiationAnswer>;
  /** null when pawaPay has no such deposit (it never received it). */
  getDeposit(depositId: string): Promise<PawapayDeposit | null>;
  resendDepositCallback(depositId: string): Promise<z.infer<typeof ZPawapayResendAnswer>>;
  getActiveConfiguration(): Promise<PawapayActiveConfiguration>;
  predictCorrespondent(msisdn: string): Promise<z.infer<typeof ZPawapayPrediction>>;
  /** The keys pawaPay signs callbacks with, PEM by key id. */
  getPublicKeys(): Promise<Map<string, string>>;
  initiatePayout(request: PawapayPayoutRequest): Promise<PawapayPayoutInitiationAnswer>;
  /** At most PAWAPAY_BULK_PAYOUT_LIMIT payouts; each is answered on its own. */
  initiatePayouts(requests: readonly PawapayPayoutRequest[]): Promise<PawapayPayoutInitiationAnswer[]>;
  /** null when pawaPay has no such payout (it never received it). */
  getPayout(payoutId: string): Promise<PawapayPayout | null>;
  resendPayoutCallback(payoutId: string): Promise<PawapayPayoutActionAnswer>;
  /** Cancels a payout pawaPay holds ENQUEUED: it becomes FAILED (MANUALLY_CANCELLED). */
  failEnqueuedPayout(payoutId: string): Promise<PawapayPayoutActionAnswer>;
  getAvailability(): Promise<PawapayAvailability>;
};

export type PawapayClientOptions = {
  /** Resolved at each call: the sandbox's address is known only once the server listens. */
  baseUrl: () => string;
  apiToken: string;
  timeoutMs: number;
};

export function createPawapayClient(options: PawapayClientOptions): PawapayClient {
  async function call<T>(
    schema: z.ZodType<T>,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${options.baseUrl()}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.apiToken}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new PawapayUnavailableError(
        `pawaPay ${method} ${path} did not answer: ${(error as Error).message}`,
      );
    }
    const text = await response.text().catch(() => '');
    if (response.status >= 500)
      throw new PawapayUnavailableError(`pawaPay ${method} ${path} answered ${response.status}`);
    if (!response.ok) throw new PawapayRequestError(response.status, text);
    const parsed = schema.safeParse(safeJson(text));
    if (!parsed.success) {
      throw new PawapayUnavailableError(
        `pawaPay ${method} ${path} answered in an unexpected shape: ${parsed.error.message}`,
      );
    }
    return parsed.data;
  }

  return {
    initiateDeposit: (request) => call(ZPawapayInitiationAnswer, 'POST', PAWAPAY_PATHS.deposits, request),
    getDeposit: async (depositId) => {
      const found = await call(ZPawapayDepositLookup, 'GET', PAWAPAY_PATHS.deposit(depositId));
      return found[0] ?? null;
    },
    resendDepositCallback: (depositId) =>
      call(ZPawapayResendAnswer, 'POST', PAWAPAY_PATHS.resendDepositCallback, { depositId }),
    getActiveConfiguration: () => call(ZPawapayActiveConfiguration, 'GET', PAWAPAY_PATHS.activeConfiguration),
    predictCorrespondent: (msisdn) =>
      call(ZPawapayPrediction, 'POST', PAWAPAY_PATHS.predictCorrespondent, { msisdn }),
    initiatePayout: (request) => call(ZPawapayPayoutInitiationAnswer, 'POST', PAWAPAY_PATHS.payouts, request),
    initiatePayouts: (requests) =>
      call(ZPawapayBulkPayoutAnswer, 'POST', PAWAPAY_PATHS.bulkPayouts, requests),
    getPayout: async (payoutId) => {
      const found = await call(ZPawapayPayoutLookup, 'GET', PAWAPAY_PATHS.payout(payoutId));
      return found[0] ?? null;
    },
    resendPayoutCallback: (payoutId) =>
      call(ZPawapayPayoutActionAnswer, 'POST', PAWAPAY_PATHS.resendPayoutCallback, { payoutId }),
    failEnqueuedPayout: (payoutId) =>
      call(ZPawapayPayoutActionAnswer, 'POST', PAWAPAY_PATHS.failEnqueuedPayout(payoutId)),
    getAvailability: () => call(ZPawapayAvailability, 'GET', PAWAPAY_PATHS.availability),
    getPublicKeys: async () => {
      const keys = await call(ZPawapayPublicKeys, 'GET', PAWAPAY_PATHS.publicKeys);
      return new Map(keys.map((key) => [key.id, key.key]));
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
