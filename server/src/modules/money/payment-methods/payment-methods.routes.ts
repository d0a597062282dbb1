import { ZErrorResponse } from '@stagepass/contract/errors';
import {
  PAYMENT_METHOD_MESSAGES,
  ZAddCardRequest,
  ZAddMobileMoneyRequest,
  ZCardProcessorResponse,
  ZEditMobileMoneyRequest,
  ZPaymentMethodMessageResponse,
  ZPaymentMethodParams,
  ZPaymentMethodResponse,
  ZPaymentMethodsResponse,
  ZSetPreferredRequest,
} from '@stagepass/contract/payment-methods';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { limitPerSignedInAccount } from '../../../plugins/rate-limits.ts';
import { requireCurrentSession, requireSecurityCheckedSession } from '../../../plugins/session.ts';
import type { CardProcessor } from '../providers/cards/card-processor.ts';
import { addCardMethod } from './card-methods.service.ts';
import { addMobileMoneyMethod, editMobileMoneyMethod } from './mobile-money-methods.service.ts';
import {
  listPaymentMethods,
  removePaymentMethod,
  setPreferredPaymentMethod,
} from './payment-methods.service.ts';

const tags = ['payment-methods'];
// Per account: a person edits a handful of methods; a script saving cards is slowed down.
const CHANGES_PER_ACCOUNT = { max: 60, timeWindow: '1 minute' };
const refusals = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  429: ZErrorResponse,
};
const PREFERRED_RULE =
  'A person with any method has exactly one preferred: the first saved is preferred, and ' +
  'removing the preferred one makes the oldest remaining method (either kind) preferred.';

/** The billing list in settings: mobile money numbers and cards; docs/decisions/010-payment-methods.md. */
export async function registerPaymentMethodRoutes(
  fastify: FastifyInstance,
  /** Undefined when cards are not offered (production, until a real processor is chosen). */
  { cardProcessor }: { cardProcessor: CardProcessor | undefined },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const limitChanges = limitPerSignedInAccount(app, 'payment-methods', CHANGES_PER_ACCOUNT);

  app.get(
    '/api/payment-methods',
    {
      schema: {
        tags,
        summary: "The signed-in person's saved mobile money numbers and cards",
        description: `Oldest first in each list; cards show only the masked number. ${PREFERRED_RULE}`,
        response: { 200: ZPaymentMethodsResponse, 401: ZErrorResponse },
      },
    },
    async (request) => {
      const { user } = await requireCurrentSession(request);
      return listPaymentMethods({ db, userId: user.id });
    },
  );

  app.get(
    '/api/payment-methods/card-processor',
    {
      schema: {
        tags,
        summary: 'Where the card form sends a card to be tokenised',
        description:
          "kind 'sandbox': post { cardNumber, expires, cvc } to tokenizeUrl and save the token it " +
          "answers with POST /api/payment-methods/cards. kind 'none': cards cannot be added.",
        response: { 200: ZCardProcessorResponse },
      },
    },
    async () =>
      cardProcessor
        ? { success: true as const, kind: cardProcessor.kind, tokenizeUrl: cardProcessor.tokenizeUrl }
        : { success: true as const, kind: 'none' as const },
  );

  app.post(
    '/api/payment-methods/mobile-money',
    {
      schema: {
        tags,
        summary: 'Save a mobile money number',
        description:
          'The number is normalised to 260… and its operator (MTN, Airtel, Zamtel: correspondent, ' +
          'name, logo, accent) comes from its prefix. _id (14 url-safe characters) may come from the ' +
          'client: the same _id again from the same person for the same number answers the saved ' +
          'method with 200; any other use of a taken _id is 409 PAYMENT_METHOD_ID_TAKEN. A number ' +
          `already saved is 409 PHONE_TAKEN; more than the maximum is 409 TOO_MANY_NUMBERS. ` +
          `preffered true makes it the preferred method. ${PREFERRED_RULE}`,
        body: ZAddMobileMoneyRequest,
        response: { 200: ZPaymentMethodResponse, 201: ZPaymentMethodResponse, ...refusals },
      },
      preHandler: limitChanges,
    },
    async (request, reply) => {
      const { user } = await requireSecurityCheckedSession(request);
      const { _id: id, phone, preffered: isPreferred } = request.body;
      const added = await addMobileMoneyMethod({ db, userId: user.id, id, phone, isPreferred });
      return reply.status(added.isNew ? 201 : 200).send({ success: true, method: added.method });
    },
  );

  app.patch(
    '/api/payment-methods/mobile-money/:id',
    {
      schema: {
        tags,
        summary: 'Change the number of a saved mobile money method',
        description:
          'The operator follows the new number. 404 for a method that is not yours or not mobile ' +
          'money; 409 PHONE_TAKEN when another of your methods has the number.',
        params: ZPaymentMethodParams,
        body: ZEditMobileMoneyRequest,
        response: { 200: ZPaymentMethodResponse, ...refusals },
      },
      preHandler: limitChanges,
    },
    async (request) => {
      const { user } = await requireSecurityCheckedSession(request);
      const { id } = request.params;
      const method = await editMobileMoneyMethod({ db, userId: user.id, id, phone: request.body.phone });
      return { success: true as const, method };
    },
  );

  app.post(
    '/api/payment-methods/cards',
    {
      schema: {
        tags,
        summary: "Save a card from the card processor's token",
        description:
          'The body carries the token from the tokeniser (see GET /api/payment-methods/card-processor), ' +
          'never the card. Brand, last four digits and expiry come from the processor. 400 ' +
          'CARD_TOKEN_INVALID for a token the processor does not know (forged or altered), 400 ' +
          'CARD_EXPIRED, 409 CARD_TAKEN for a card already saved, 409 TOO_MANY_CARDS, 503 ' +
          `CARDS_UNAVAILABLE when no card processor is set up. _id and preffered as for mobile money. ${PREFERRED_RULE}`,
        body: ZAddCardRequest,
        response: {
          200: ZPaymentMethodResponse,
          201: ZPaymentMethodResponse,
          ...refusals,
          503: ZErrorResponse,
        },
      },
      preHandler: limitChanges,
    },
    async (request, reply) => {
      const { user } = await requireSecurityCheckedSession(request);
      const { _id: id, token, preffered: isPreferred } = request.body;
      const added = await addCardMethod({ db, cardProcessor, userId: user.id, id, token, isPreferred });
      return reply.status(added.isNew ? 201 : 200).send({ success: true, method: added.method });
    },
  );

  app.put(
    '/api/payment-methods/preferred',
    {
      schema: {
        tags,
        summary: 'Make one saved method the preferred one',
        description:
          'In one transaction every method of yours stops being preferred and the chosen one becomes ' +
          'it: exactly one is preferred, also under concurrent requests. 404 (and nothing changed) ' +
          'for a method that is not yours or not of the given type.',
        body: ZSetPreferredRequest,
        response: { 200: ZPaymentMethodResponse, ...refusals },
      },
      preHandler: limitChanges,
    },
    async (request) => {
      const { user } = await requireSecurityCheckedSession(request);
      const { type, _id: id } = request.body;
      const method = await setPreferredPaymentMethod({ db, userId: user.id, type, id });
      return { success: true as const, message: PAYMENT_METHOD_MESSAGES.preferredSet, method };
    },
  );

  app.delete(
    '/api/payment-methods/:id',
    {
      schema: {
        tags,
        summary: 'Remove a saved mobile money number or card',
        description: `404 for a method that is not yours. ${PREFERRED_RULE}`,
        params: ZPaymentMethodParams,
        response: { 200: ZPaymentMethodMessageResponse, ...refusals },
      },
      preHandler: limitChanges,
    },
    async (request) => {
      const { user } = await requireSecurityCheckedSession(request);
      await removePaymentMethod({ db, userId: user.id, id: request.params.id });
      return { success: true as const, message: PAYMENT_METHOD_MESSAGES.methodRemoved };
    },
  );
}
