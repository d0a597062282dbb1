import { CORRESPONDENTS, OPERATORS, predictOperator } from '@stagepass/contract/mobile-money';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  PAWAPAY_PATHS,
  type PawapayDeposit,
  type PawapayDepositRequest,
  ZPawapayDepositRequest,
} from '../pawapay-api.ts';
import {
  createMemoryDepositStore,
  type SandboxDepositRecord,
  type SandboxDepositStore,
  viewAt,
} from './sandbox-deposit-store.ts';
import { decideOutcome, findRejection, SANDBOX_DEPOSIT_LIMITS } from './sandbox-outcomes.ts';
import { SANDBOX_PAYOUT_LIMITS } from './sandbox-payout-outcomes.ts';
import { createMemoryPayoutStore, type SandboxPayoutStore } from './sandbox-payout-store.ts';
import { createSandboxPayouts, type SandboxPayoutAvailability } from './sandbox-payouts.ts';
import { createSandboxRuntime } from './sandbox-runtime.ts';

/**
 * A faithful stand-in for pawaPay's deposits and payouts API (v1), for the local demo and
 * the tests: the same paths, bodies and answers, outcomes chosen by the payer's or the
 * recipient's number (sandbox-outcomes.ts, sandbox-payout-outcomes.ts), and signed callbacks
 * to our callback URLs, retried until one is answered 200 as pawaPay does
 * (sandbox-runtime.ts). Our real client talks to it over HTTP. Mounted on our own server, it
 * keeps its deposits and payouts in the database (sandbox-deposit-store.ts,
 * sandbox-payout-store.ts), so they outlive our server being killed, as they would at the
 * real provider. Payouts' routes and rules are in sandbox-payouts.ts.
 */

export type PawapaySandboxOptions = {
  apiToken: string;
  /** Where callbacks go; undefined while it is not known yet (no callback is sent). */
  callbackUrl: () => string | undefined;
  /** From ACCEPTED to SUBMITTED, and from ACCEPTED to the final status. */
  submittedAfterMs?: number;
  finalAfterMs?: number;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** Where its deposits are kept: memory when it runs apart (tests), else the database. */
  store?: SandboxDepositStore;
  /** Where payout callbacks go (pawaPay's payouts callback URL); undefined: none is sent. */
  payoutCallbackUrl?: () => string | undefined;
  /** Payouts' status per operator at start (DELAYED holds them ENQUEUED, CLOSED refuses them). */
  payoutAvailability?: SandboxPayoutAvailability;
  /** Where its payouts are kept, as its deposits. */
  payoutStore?: SandboxPayoutStore;
};

/** Knobs the tests turn to play a misbehaving provider. */
export type SandboxBehaviour = {
  /** Holds every initiation answer this long (the deposit is taken at once): a timeout. */
  initiationAnswerDelayMs: number;
  /** What the operator actually moved, when it differs from what was asked. */
  depositedAmountFor: ((request: PawapayDepositRequest) => string) | undefined;
};

export type PawapaySandbox = ReturnType<typeof createPawapaySandbox>;

export function createPawapaySandbox(options: PawapaySandboxOptions) {
  const submittedAfterMs = options.submittedAfterMs ?? 500;
  const finalAfterMs = options.finalAfterMs ?? 3000;
  const runtime = createSandboxRuntime({ apiToken: options.apiToken, log: options.log });
  const store = options.store ?? createMemoryDepositStore();
  const behaviour: SandboxBehaviour = { initiationAnswerDelayMs: 0, depositedAmountFor: undefined };
  const payouts = createSandboxPayouts({
    runtime,
    store: options.payoutStore ?? createMemoryPayoutStore(),
    callbackUrl: options.payoutCallbackUrl ?? (() => undefined),
    submittedAfterMs,
    finalAfterMs,
    availability: options.payoutAvailability ?? {},
    answerDelayMs: () => behaviour.initiationAnswerDelayMs,
  });

  /** Decides the deposit's whole life now (by the payer's number); false for a repeat. */
  async function accept(request: PawapayDepositRequest): Promise<boolean> {
    const now = Date.now();
    const accepted: PawapayDeposit = {
      depositId: request.depositId,
      status: 'ACCEPTED',
      requestedAmount: request.amount,
      currency: request.currency,
      country: request.country,
      correspondent: request.correspondent,
      payer: request.payer,
      customerTimestamp: request.customerTimestamp,
      statementDescription: request.statementDescription,
      created: new Date(now).toISOString(),
    };
    const finalAt = new Date(now + finalAfterMs);
    const outcome = decideOutcome(request.payer.address.value);
    const finalReport: Partial<PawapayDeposit> | null =
      outcome.status === 'SUBMITTED'
        ? null
        : outcome.status === 'COMPLETED'
          ? {
              status: 'COMPLETED',
              depositedAmount: behaviour.depositedAmountFor?.(request) ?? request.amount,
              respondedByPayer: finalAt.toISOString(),
              correspondentIds: { FINANCIAL_TRANSACTION_ID: `SBX${finalAt.getTime()}` },
            }
          : {
              status: 'FAILED',
              failureReason: { failureCode: outcome.failureCode, failureMessage: outcome.failureMessage },
            };
    const record: SandboxDepositRecord = {
      accepted,
      finalReport,
      submittedAt: new Date(now + submittedAfterMs),
      finalAt: finalReport ? finalAt : null,
      isCallbackDelivered: false,
    };
    const isNew = await store.add(record);
    if (isNew) scheduleCallback(record);
    return isNew;
  }

  function scheduleCallback(record: SandboxDepositRecord): void {
    if (!record.finalAt) return;
    const deposit = viewAt(record, record.finalAt);
    runtime.later(Math.max(0, record.finalAt.getTime() - Date.now()), () => void sendCallback(deposit));
  }

  function sendCallback(deposit: PawapayDeposit): Promise<void> {
    return runtime.sendCallback({
      kind: 'deposit',
      id: deposit.depositId,
      url: options.callbackUrl,
      payload: deposit,
      markDelivered: () => store.markCallbackDelivered(deposit.depositId),
    });
  }

  async function routes(app: FastifyInstance): Promise<void> {
    app.addHook('onRequest', runtime.refuseUnauthorised);
    payouts.routes(app);
    const hide = { schema: { hide: true } };

    app.post(PAWAPAY_PATHS.deposits, hide, async (request, reply) => {
      const parsed = ZPawapayDepositRequest.safeParse(request.body);
      if (!parsed.success) {
        return reply.code(400).send({ errorId: 'sandbox', errorCode: 2, errorMessage: parsed.error.message });
      }
      const deposit = parsed.data;
      const rejection = findRejection(deposit, CORRESPONDENTS);
      const isDuplicate = rejection ? false : !(await accept(deposit));
      if (behaviour.initiationAnswerDelayMs > 0) {
        await runtime.holdAnswer(behaviour.initiationAnswerDelayMs);
      }
      const created = new Date().toISOString();
      if (rejection) return { depositId: deposit.depositId, status: 'REJECTED', rejectionReason: rejection };
      return {
        depositId: deposit.depositId,
        status: isDuplicate ? 'DUPLICATE_IGNORED' : 'ACCEPTED',
        created,
      };
    });

    app.get<{ Params: { depositId: string } }>('/deposits/:depositId', hide, async (request) => {
      const found = await store.find(request.params.depositId);
      return found ? [viewAt(found, new Date())] : [];
    });

    app.post<{ Body: { depositId?: string } }>(PAWAPAY_PATHS.resendDepositCallback, hide, async (request) => {
      const depositId = String(request.body?.depositId ?? '');
      const record = await store.find(depositId);
      const found = record && viewAt(record, new Date());
      if (!found) {
        return {
          depositId,
          status: 'REJECTED',
          rejectionReason: { rejectionCode: 'NOT_FOUND', rejectionMessage: 'No such deposit.' },
        };
      }
      if (found.status !== 'COMPLETED' && found.status !== 'FAILED') {
        return {
          depositId,
          status: 'REJECTED',
          rejectionReason: {
            rejectionCode: 'INVALID_STATE',
            rejectionMessage: 'The deposit is not final yet.',
          },
        };
      }
      void sendCallback(found);
      return { depositId, status: 'ACCEPTED' };
    });

    app.get(PAWAPAY_PATHS.activeConfiguration, hide, async () => ({
      merchantId: 'sandbox',
      merchantName: 'Stagepass sandbox',
      countries: [
        {
          country: 'ZMB',
          correspondents: CORRESPONDENTS.map((correspondent) => ({
            correspondent,
            currency: 'ZMW',
            ownerName: 'Stagepass',
            operationTypes: [
              {
                operationType: 'DEPOSIT',
                minTransactionLimit: SANDBOX_DEPOSIT_LIMITS.min,
                maxTransactionLimit: SANDBOX_DEPOSIT_LIMITS.max,
              },
              {
                operationType: 'PAYOUT',
                minTransactionLimit: SANDBOX_PAYOUT_LIMITS.min,
                maxTransactionLimit: SANDBOX_PAYOUT_LIMITS.max,
              },
            ],
          })),
        },
      ],
    }));

    app.post<{ Body: { msisdn?: string } }>(
      PAWAPAY_PATHS.predictCorrespondent,
      hide,
      async (request, reply) => {
        const msisdn = String(request.body?.msisdn ?? '').replace(/\D/g, '');
        const operator = predictOperator(msisdn);
        if (!operator || msisdn.length !== 12) {
          return reply.code(400).send({ errorId: 'sandbox', errorCode: 3, errorMessage: 'Invalid msisdn.' });
        }
        return {
          country: 'ZMB',
          operator: OPERATORS[operator.correspondent].name.toUpperCase(),
          correspondent: operator.correspondent,
          msisdn,
        };
      },
    );

    app.get(PAWAPAY_PATHS.publicKeys, hide, async () => runtime.publicKeys());
  }

  return {
    routes,
    behaviour,
    /** What the provider knows of a deposit now (for tests). */
    findDeposit: async (depositId: string) => {
      const record = await store.find(depositId);
      return record && viewAt(record, new Date());
    },
    /**
     * Sends the callbacks a killed predecessor left undelivered, deposits' and payouts', at
     * their time (at once when it has passed), as pawaPay keeps calling a merchant back after
     * the merchant's outage; starts the held payouts of operators OPERATIONAL now.
     */
    async resumeCallbacks(): Promise<void> {
      for (const record of await store.listUndeliveredCallbacks()) scheduleCallback(record);
      await payouts.resume();
    },
    /** What the provider knows of a payout now (for tests). */
    findPayout: payouts.findPayout,
    /**
     * Sets an operator's payouts DELAYED (new ones are held ENQUEUED), CLOSED (refused) or
     * OPERATIONAL (its held payouts start now), as pawaPay's availability changes.
     */
    setPayoutAvailability: payouts.setAvailability,
    /** Every callback post so far and its answer, oldest first (for tests). */
    listCallbackAttempts: runtime.listCallbackAttempts,
    close: runtime.close,
  };
}
