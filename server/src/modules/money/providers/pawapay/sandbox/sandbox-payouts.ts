import { CORRESPONDENTS, type TCorrespondent } from '@stagepass/contract/mobile-money';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  PAWAPAY_BULK_PAYOUT_LIMIT,
  PAWAPAY_PATHS,
  type PawapayAvailability,
  type PawapayAvailabilityStatus,
  type PawapayPayout,
  type PawapayPayoutActionAnswer,
  type PawapayPayoutInitiationAnswer,
  type PawapayPayoutRequest,
  ZPawapayPayoutRequest,
} from '../pawapay-api.ts';
import {
  decidePayoutOutcome,
  findClosedRejection,
  findPayoutRejection,
  MANUALLY_CANCELLED_REPORT,
  toPayoutFinalReport,
} from './sandbox-payout-outcomes.ts';
import {
  type SandboxPayoutFate,
  type SandboxPayoutRecord,
  type SandboxPayoutStore,
  viewPayoutAt,
} from './sandbox-payout-store.ts';
import type { SandboxRuntime } from './sandbox-runtime.ts';

/**
 * pawaPay v1's payouts in the sandbox: initiation (one, or up to PAWAPAY_BULK_PAYOUT_LIMIT in
 * bulk, each answered as if posted alone), status, resent callbacks, cancelling an ENQUEUED
 * payout, and the operators' availability. A payout to an operator whose payouts are DELAYED
 * is held ENQUEUED until the operator is OPERATIONAL again; CLOSED refuses new ones.
 */

/** Payouts' status per operator; an operator not named is OPERATIONAL. */
export type SandboxPayoutAvailability = Partial<Record<TCorrespondent, PawapayAvailabilityStatus>>;

export type SandboxPayoutsOptions = {
  runtime: SandboxRuntime;
  store: SandboxPayoutStore;
  /** pawaPay's payouts callback URL, apart from the deposits' one. */
  callbackUrl: () => string | undefined;
  submittedAfterMs: number;
  finalAfterMs: number;
  availability: SandboxPayoutAvailability;
  /** How long each initiation answer is held (the sandbox's knob for a slow provider). */
  answerDelayMs: () => number;
};

const ZBulkPayoutRequest = z
  .array(ZPawapayPayoutRequest)
  .max(PAWAPAY_BULK_PAYOUT_LIMIT, `At most ${PAWAPAY_BULK_PAYOUT_LIMIT} payouts in one request.`);

export type SandboxPayouts = ReturnType<typeof createSandboxPayouts>;

export function createSandboxPayouts(options: SandboxPayoutsOptions) {
  const { runtime, store } = options;
  const availability = new Map<string, PawapayAvailabilityStatus>(Object.entries(options.availability));
  const availabilityOf = (correspondent: string) => availability.get(correspondent) ?? 'OPERATIONAL';

  /** Its fate by the recipient's number, starting now. */
  function startNow(accepted: PawapayPayout): SandboxPayoutFate {
    const now = Date.now();
    const finalAt = new Date(now + options.finalAfterMs);
    const finalReport = toPayoutFinalReport(decidePayoutOutcome(accepted.recipient.address.value), finalAt);
    return {
      finalReport,
      submittedAt: new Date(now + options.submittedAfterMs),
      finalAt: finalReport ? finalAt : null,
    };
  }

  async function initiate(request: PawapayPayoutRequest): Promise<PawapayPayoutInitiationAnswer> {
    const { payoutId } = request;
    const rejection = findPayoutRejection(request, CORRESPONDENTS);
    if (rejection) return { payoutId, status: 'REJECTED', rejectionReason: rejection };
    const created = new Date().toISOString();
    // A repeat is recognised before availability: one retried while its operator has since
    // closed was taken, and must not read as refused.
    if (await store.find(payoutId)) return { payoutId, status: 'DUPLICATE_IGNORED', created };
    const closed = findClosedRejection(request.correspondent, availabilityOf(request.correspondent));
    if (closed) return { payoutId, status: 'REJECTED', rejectionReason: closed };

    const isEnqueued = availabilityOf(request.correspondent) === 'DELAYED';
    const accepted: PawapayPayout = {
      payoutId,
      status: isEnqueued ? 'ENQUEUED' : 'ACCEPTED',
      amount: request.amount,
      currency: request.currency,
      country: request.country,
      correspondent: request.correspondent,
      recipient: request.recipient,
      customerTimestamp: request.customerTimestamp,
      statementDescription: request.statementDescription,
      created,
      ...(request.metadata && {
        metadata: Object.fromEntries(request.metadata.map((field) => [field.fieldName, field.fieldValue])),
      }),
    };
    const fate = isEnqueued ? { finalReport: null, submittedAt: null, finalAt: null } : startNow(accepted);
    const record: SandboxPayoutRecord = { accepted, ...fate, isEnqueued, isCallbackDelivered: false };
    if (!(await store.add(record))) return { payoutId, status: 'DUPLICATE_IGNORED', created };
    scheduleCallback(record);
    return { payoutId, status: accepted.status as 'ACCEPTED' | 'ENQUEUED', created };
  }

  function scheduleCallback(record: SandboxPayoutRecord): void {
    if (!record.finalAt) return;
    const payout = viewPayoutAt(record, record.finalAt);
    runtime.later(Math.max(0, record.finalAt.getTime() - Date.now()), () => void sendCallback(payout));
  }

  function sendCallback(payout: PawapayPayout): Promise<void> {
    return runtime.sendCallback({
      kind: 'payout',
      id: payout.payoutId,
      url: options.callbackUrl,
      payload: payout,
      markDelivered: () => store.markCallbackDelivered(payout.payoutId),
    });
  }

  /** The operator recovered: its held payouts start now (SUBMITTED shortly, final later). */
  async function releaseEnqueued(correspondent: string): Promise<void> {
    for (const record of await store.listEnqueued()) {
      if (record.accepted.correspondent !== correspondent) continue;
      const released = await store.dequeue(record.accepted.payoutId, startNow(record.accepted));
      if (released) scheduleCallback(released);
    }
  }

  async function failEnqueued(payoutId: string): Promise<PawapayPayoutActionAnswer> {
    if (!(await store.find(payoutId))) return refusal(payoutId, 'NOT_FOUND', 'No such payout.');
    const now = new Date();
    const cancelled = await store.dequeue(payoutId, {
      finalReport: MANUALLY_CANCELLED_REPORT,
      submittedAt: null,
      finalAt: now,
    });
    if (!cancelled) return refusal(payoutId, 'INVALID_STATE', 'The payout is not enqueued.');
    void sendCallback(viewPayoutAt(cancelled, now));
    return { payoutId, status: 'ACCEPTED' };
  }

  async function resendCallback(payoutId: string): Promise<PawapayPayoutActionAnswer> {
    const record = await store.find(payoutId);
    if (!record) return refusal(payoutId, 'NOT_FOUND', 'No such payout.');
    const payout = viewPayoutAt(record, new Date());
    if (payout.status !== 'COMPLETED' && payout.status !== 'FAILED') {
      return refusal(payoutId, 'INVALID_STATE', 'The payout is not final yet.');
    }
    void sendCallback(payout);
    return { payoutId, status: 'ACCEPTED' };
  }

  function listAvailability(): PawapayAvailability {
    return [
      {
        country: 'ZMB',
        correspondents: CORRESPONDENTS.map((correspondent) => ({
          correspondent,
          operationTypes: [
            { operationType: 'DEPOSIT', status: 'OPERATIONAL' },
            { operationType: 'PAYOUT', status: availabilityOf(correspondent) },
            { operationType: 'REFUND', status: 'OPERATIONAL' },
          ],
        })),
      },
    ];
  }

  async function holdAnswer(): Promise<void> {
    const delayMs = options.answerDelayMs();
    if (delayMs > 0) await runtime.holdAnswer(delayMs);
  }

  /** Registered inside the sandbox's plugin, behind its token check. */
  function routes(app: FastifyInstance): void {
    const hide = { schema: { hide: true } };
    const invalid = (message: string) => ({ errorId: 'sandbox', errorCode: 2, errorMessage: message });

    app.post(PAWAPAY_PATHS.payouts, hide, async (request, reply) => {
      const parsed = ZPawapayPayoutRequest.safeParse(request.body);
      if (!parsed.success) return reply.code(400).send(invalid(parsed.error.message));
      const answer = await initiate(parsed.data);
      await holdAnswer();
      return answer;
    });

    app.post(PAWAPAY_PATHS.bulkPayouts, hide, async (request, reply) => {
      const parsed = ZBulkPayoutRequest.safeParse(request.body);
      if (!parsed.success) return reply.code(400).send(invalid(parsed.error.message));
      const answers: PawapayPayoutInitiationAnswer[] = [];
      for (const payout of parsed.data) answers.push(await initiate(payout));
      await holdAnswer();
      return answers;
    });

    app.get<{ Params: { payoutId: string } }>('/payouts/:payoutId', hide, async (request) => {
      const found = await store.find(request.params.payoutId);
      return found ? [viewPayoutAt(found, new Date())] : [];
    });

    app.post<{ Body: { payoutId?: string } }>(PAWAPAY_PATHS.resendPayoutCallback, hide, async (request) =>
      resendCallback(String(request.body?.payoutId ?? '')),
    );

    app.post<{ Params: { payoutId: string } }>('/payouts/fail-enqueued/:payoutId', hide, async (request) =>
      failEnqueued(request.params.payoutId),
    );

    app.get(PAWAPAY_PATHS.availability, hide, async () => listAvailability());
  }

  return {
    routes,
    /** What the provider knows of a payout now. */
    findPayout: async (payoutId: string) => {
      const record = await store.find(payoutId);
      return record && viewPayoutAt(record, new Date());
    },
    /** OPERATIONAL releases the operator's held payouts (written to the store, so a restart keeps it). */
    async setAvailability(correspondent: TCorrespondent, status: PawapayAvailabilityStatus): Promise<void> {
      availability.set(correspondent, status);
      if (status === 'OPERATIONAL') await releaseEnqueued(correspondent);
    },
    /**
     * After a restart: the undelivered callbacks at their time, and the held payouts of
     * operators now OPERATIONAL (their availability may have been changed meanwhile).
     */
    async resume(): Promise<void> {
      for (const record of await store.listUndeliveredCallbacks()) scheduleCallback(record);
      for (const correspondent of CORRESPONDENTS) {
        if (availabilityOf(correspondent) === 'OPERATIONAL') await releaseEnqueued(correspondent);
      }
    },
  };
}

function refusal(
  payoutId: string,
  rejectionCode: string,
  rejectionMessage: string,
): PawapayPayoutActionAnswer {
  return { payoutId, status: 'REJECTED', rejectionReason: { rejectionCode, rejectionMessage } };
}
