import { cardSandboxRoutes } from '@stagepass/contract/payment-methods';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../../../../lib/register-route.ts';
import { renderChallengePage } from './card-challenge-page.ts';
import { answerSandboxChallenge, findSandboxCharge } from './sandbox-charges.ts';
import { tokenizeCard } from './tokenize-card.service.ts';

// Per address: plenty for a person retyping a card, a wall for a script testing numbers.
const TOKENS_PER_ADDRESS = { max: 30, timeWindow: '1 minute' };

/**
 * The built-in card processor's pages (outside production only), standing where a real
 * processor's would: the tokeniser the browser posts the card to (never to /api), and the
 * bank's 3-D Secure page. No hook here logs a request body or a refusal, so the card never
 * reaches the log.
 */
export async function registerCardSandboxRoutes(app: FastifyInstance): Promise<void> {
  const { appSecret } = app.config;
  const { db } = app;
  registerRoute(
    app,
    cardSandboxRoutes.tokenizeCard,
    async (request) => tokenizeCard({ appSecret, form: request.body }),
    { config: { rateLimit: TOKENS_PER_ADDRESS } },
  );

  // The challenge page's form is plain HTML: its body comes url-encoded (in this plugin only).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  registerRoute(app, cardSandboxRoutes.showCardChallenge, async (request, reply) => {
    const charge = await findSandboxCharge(db, request.params.chargeId);
    const html = !charge
      ? renderChallengePage({ kind: 'unknown' })
      : charge.status === 'requires_action'
        ? renderChallengePage({ kind: 'question', ...charge })
        : renderChallengePage({
            kind: 'answered',
            approved: charge.status === 'succeeded',
            returnUrl: charge.returnUrl,
          });
    return reply
      .status(charge ? 200 : 404)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  });

  registerRoute(app, cardSandboxRoutes.answerCardChallenge, async (request, reply) => {
    const charge = await answerSandboxChallenge(db, request.params.chargeId, request.body.outcome);
    if (!charge) {
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .send(renderChallengePage({ kind: 'unknown' }));
    }
    return reply.redirect(charge.returnUrl, 303);
  });
}
