import type { RouteDefinition } from '@stagepass/contract/routes';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../../../lib/register-route.ts';
import { createErrorBody } from '../../../../plugins/error-handler.ts';
import type { CallbackAnswer, ReceivedCallback } from './callback-verifier.ts';

// A refused callback answers in the API's shape like any other failure.
const CALLBACK_REFUSAL_CODES = { 400: 'VALIDATION_ERROR', 401: 'BAD_SIGNATURE', 404: 'NOT_FOUND' } as const;

/**
 * One of pawaPay's callback routes (deposits, payouts), in a plugin of its own: its JSON is
 * kept as the bytes that came, for the signature, without changing how the rest of the API
 * reads JSON.
 */
export async function registerPawapayCallbackRoute(
  app: FastifyInstance,
  route: RouteDefinition,
  receive: (callback: ReceivedCallback) => Promise<CallbackAnswer>,
): Promise<void> {
  const { signedCallbacks } = app.config.pawapay;
  await app.register(async (callbacks) => {
    // The signature covers the body's bytes as sent: keep them as they came.
    callbacks.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, body),
    );
    registerRoute(
      callbacks,
      route,
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
      {
        // Signed callbacks cost a signature check to refuse, and pawaPay's own may come by the
        // hundred a second: no limit. Unsigned ones make us ask pawaPay, so one address
        // gets a generous ceiling (pawaPay's addresses can be allow-listed at the proxy).
        config: signedCallbacks ? {} : { rateLimit: { max: 3000, timeWindow: '1 minute' } },
      },
    );
  });
}
