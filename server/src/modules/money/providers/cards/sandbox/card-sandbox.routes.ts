import { ZErrorResponse } from '@stagepass/contract/errors';
import { ZCardForm, ZCardTokenResponse } from '@stagepass/contract/payment-methods';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SANDBOX_TOKENIZE_URL } from './sandbox-card-token.ts';
import { tokenizeCard } from './tokenize-card.service.ts';

// Per address: plenty for a person retyping a card, a wall for a script testing numbers.
const TOKENS_PER_ADDRESS = { max: 30, timeWindow: '1 minute' };

/**
 * The built-in card processor's tokeniser (outside production only), standing where a real
 * processor's hosted fields would: the browser posts the card here, never to /api. No hook
 * here logs a request body or a refusal, so the card never reaches the log.
 */
export async function registerCardSandboxRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { appSecret } = app.config;

  app.post(
    SANDBOX_TOKENIZE_URL,
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Turn a card into a token, as a card processor would (sandbox, not in production)',
        description:
          'Body { cardNumber (spaces allowed), expires MM/YY, cvc }. Refusals are 400 with code ' +
          'CARD_NUMBER_INVALID (fails the Luhn check), EXPIRES_INVALID, CARD_EXPIRED or CVC_INVALID ' +
          '(3 digits, 4 for American Express); an empty field is VALIDATION_ERROR. The answer is a ' +
          'token for POST /api/payment-methods/cards and what may be shown of the card. Nothing is ' +
          'stored: the token is signed by the server and holds no card number; the CVC is dropped.',
        body: ZCardForm,
        response: { 200: ZCardTokenResponse, 400: ZErrorResponse, 429: ZErrorResponse },
      },
      config: { rateLimit: TOKENS_PER_ADDRESS },
    },
    async (request) => tokenizeCard({ appSecret, form: request.body }),
  );
}
