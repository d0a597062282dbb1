import { ZErrorResponse } from '@stagepass/contract/errors';
import {
  ZDepositIdParams,
  ZDepositRequest,
  ZDepositResponse,
  ZDepositStatusResponse,
  ZResendDepositCallbackResponse,
  ZResendParams,
} from '@stagepass/contract/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createErrorBody } from '../../../plugins/error-handler.ts';
import { limitPerSignedInAccount } from '../../../plugins/rate-limits.ts';
import { requireCurrentSession } from '../../../plugins/session.ts';
import { createDepositCallbackReceiver, DEPOSIT_CALLBACK_PATH } from './deposit-callbacks.ts';
import { registerDepositReconciliation } from './deposit-reconciliation.ts';
import { readDepositStatus, resendDepositCallback, startDeposit } from './deposits.service.ts';

const tags = ['wallet'];
// A person tops up a few times a day; the status is polled every 10 s per open panel.
const DEPOSITS_PER_ACCOUNT = { max: 20, timeWindow: '10 minutes' };
const STATUS_CHECKS_PER_ACCOUNT = { max: 120, timeWindow: '1 minute' };
// A refused callback answers in the API's shape like any other failure.
const CALLBACK_REFUSAL_CODES = { 400: 'VALIDATION_ERROR', 401: 'BAD_SIGNATURE', 404: 'NOT_FOUND' } as const;
const refusals = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  429: ZErrorResponse,
  502: ZErrorResponse,
};

/** The spec's proxy paths for pawaPay deposits, and pawaPay's callback (docs/decisions/009-deposits.md). */
export async function registerDepositRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, pawapay, config } = app;
  const log = app.log.child({ module: 'deposits' });
  const limitDeposits = limitPerSignedInAccount(app, 'deposit', DEPOSITS_PER_ACCOUNT);
  const limitStatusChecks = limitPerSignedInAccount(app, 'deposit-status', STATUS_CHECKS_PER_ACCOUNT);

  app.post(
    '/api/pawapay/deposits-api/deposit',
    {
      schema: {
        tags,
        summary: "Top up the signed-in person's wallet by mobile money (pawaPay v1 deposit)",
        description:
          "The body is pawaPay v1's deposit request: depositId a UUIDv4 chosen by the client (a repeat by " +
          "the same person is the same deposit, never a second one; another person's id is 409), amount " +
          'the decimal string of kwacha ("20" is K20), currency ZMW, country ZMB, correspondent, payer ' +
          "{ type: 'MSISDN', address: { value: '260…' } }. The payer's account is the session's. The " +
          'deposit is saved before pawaPay is called. result.status is ACCEPTED, REJECTED (with ' +
          'rejectionReason; no money moves) or DUPLICATE_IGNORED. 502 when pawaPay did not answer: ' +
          'the deposit is re-checked in the background and credited once if it went through.',
        body: ZDepositRequest,
        response: { 200: ZDepositResponse, ...refusals },
      },
      preHandler: limitDeposits,
    },
    async (request) => {
      const { user } = await requireCurrentSession(request);
      const result = await startDeposit({ db, pawapay, log, userId: user.id, request: request.body });
      return { success: true as const, result };
    },
  );

  app.post(
    '/api/pawapay/deposits-api/deposit-status/:depositId',
    {
      schema: {
        tags,
        summary: 'The status of one of your deposits, as pawaPay v1 answers it (an array of one)',
        description:
          'Read result[0].status (INITIATED: saved, not yet confirmed by pawaPay; ACCEPTED, SUBMITTED, ' +
          'COMPLETED, FAILED, REJECTED) and result[0].failureReason.failureCode (INSUFFICIENT_BALANCE, ' +
          'PAYER_NOT_FOUND, PAYMENT_NOT_APPROVED, …). A deposit not yet final is re-checked with pawaPay ' +
          "first, and credited to the wallet (once) when it completed. Another person's deposit is 404.",
        params: ZDepositIdParams,
        response: { 200: ZDepositStatusResponse, ...refusals },
      },
      preHandler: limitStatusChecks,
    },
    async (request) => {
      const { user } = await requireCurrentSession(request);
      const deposit = await readDepositStatus({
        db,
        pawapay,
        log,
        userId: user.id,
        depositId: request.params.depositId,
      });
      return { success: true as const, result: [deposit] };
    },
  );

  app.post(
    '/api/pawapay/deposits-api/resend-deposit-callback/:id',
    {
      schema: {
        tags,
        summary: 'Ask pawaPay to send the callback of one of your final deposits again',
        description:
          "ACCEPTED when pawaPay will send it; REJECTED when the deposit is not final yet. 404 for another's.",
        params: ZResendParams,
        response: { 200: ZResendDepositCallbackResponse, ...refusals },
      },
      preHandler: limitStatusChecks,
    },
    async (request) => {
      const { user } = await requireCurrentSession(request);
      const result = await resendDepositCallback({
        db,
        pawapay,
        log,
        userId: user.id,
        depositId: request.params.id,
      });
      return { success: true as const, result };
    },
  );

  await app.register(async (callbacks) => {
    const receive = createDepositCallbackReceiver({
      db,
      pawapay,
      log,
      signedCallbacks: config.pawapay.signedCallbacks,
    });
    // The signature covers the body's bytes as sent: keep them as they came.
    callbacks.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, body),
    );
    callbacks.post(
      DEPOSIT_CALLBACK_PATH,
      {
        // Signed callbacks cost a signature check to refuse, and pawaPay's own may come by the
        // hundred a second: no limit. Unsigned ones make us ask pawaPay, so one address
        // gets a generous ceiling (pawaPay's addresses can be allow-listed at the proxy).
        config: config.pawapay.signedCallbacks ? {} : { rateLimit: { max: 3000, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: "pawaPay's callback with a deposit's final status",
          description:
            'Posted by pawaPay, not by people. With signed callbacks (always for the sandbox) the RFC 9421 ' +
            'signature over the raw body must hold, else 401 and nothing moves; without them the deposit ' +
            'is re-checked with pawaPay. 200 once applied (again: no second credit); 404 for a deposit we ' +
            'do not know yet, so pawaPay sends it again.',
        },
      },
      async (request, reply) => {
        const answer = await receive({
          method: request.method,
          // As pawaPay addressed it (behind a proxy with TRUST_PROXY, X-Forwarded-Host).
          authority: request.host,
          path: request.url.split('?')[0] ?? request.url,
          contentType: request.headers['content-type'] ?? '',
          body: request.body as Buffer,
          headers: request.headers,
        });
        if (answer.statusCode === 200) return reply.send({ success: true, message: answer.message });
        return reply
          .code(answer.statusCode)
          .send(createErrorBody(CALLBACK_REFUSAL_CODES[answer.statusCode], answer.message));
      },
    );
  });

  registerDepositReconciliation(app);
}
