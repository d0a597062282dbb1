import { cardSandboxRoutes } from '@stagepass/contract/payment-methods';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../../../../lib/register-route.ts';
import { tokenizeCard } from './tokenize-card.service.ts';

// Per address: plenty for a person retyping a card, a wall for a script testing numbers.
const TOKENS_PER_ADDRESS = { max: 30, timeWindow: '1 minute' };

/**
 * The built-in card processor's tokeniser (outside production only), standing where a real
 * processor's hosted fields would: the browser posts the card here, never to /api. No hook
 * here logs a request body or a refusal, so the card never reaches the log.
 */
export async function registerCardSandboxRoutes(app: FastifyInstance): Promise<void> {
  const { appSecret } = app.config;

  registerRoute(
    app,
    cardSandboxRoutes.tokenizeCard,
    async (request) => tokenizeCard({ appSecret, form: request.body }),
    { config: { rateLimit: TOKENS_PER_ADDRESS } },
  );
}
