import { payoutRoutes } from '@stagepass/contract/payouts';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../../lib/register-route.ts';
import { limitPerSignedInAccount } from '../../../plugins/rate-limits.ts';
import { registerPawapayCallbackRoute } from '../providers/pawapay/register-callback-route.ts';
import { createTopupLimitsReader } from '../wallet/wallet.service.ts';
import { readLastAutoPayoutNote, registerAutoPayouts } from './auto-payouts.ts';
import { readEarnings } from './earnings.service.ts';
import { createPayoutAvailabilityReader } from './payout-availability.ts';
import { createPayoutCallbackReceiver } from './payout-callbacks.ts';
import { registerPayoutNotices } from './payout-notices.ts';
import { registerPayoutReconciliation } from './payout-reconciliation.ts';
import { cancelPayout, listPayouts, type PayoutRules, readPayout } from './payouts.service.ts';
import { requestPayout } from './request-payout.ts';

// A creator pays out a few times a day; the page polls a payout every few seconds.
const PAYOUTS_PER_ACCOUNT = { max: 20, timeWindow: '10 minutes' };
const STATUS_CHECKS_PER_ACCOUNT = { max: 120, timeWindow: '1 minute' };

/** Earnings, payouts and pawaPay's payout callback (decision 019). The auto-payout switch is users/'s. */
export async function registerPayoutRoutes(app: FastifyInstance): Promise<void> {
  const { db, pawapay, config } = app;
  const log = app.log.child({ module: 'payouts' });
  const readLimits = createTopupLimitsReader(pawapay, 'PAYOUT');
  const readAvailability = createPayoutAvailabilityReader(pawapay);
  const rules: PayoutRules = {
    minimum: config.payouts.minimum,
    earningsHoldHours: config.payouts.earningsHoldHours,
    readMaximum: async (correspondent) =>
      (await readLimits().catch(() => [])).find((limit) => limit.correspondent === correspondent)?.maxAmount,
    readAvailability: async (correspondent) =>
      (await readAvailability().catch(() => [])).find((each) => each.correspondent === correspondent)?.status,
  };
  const limitPayouts = limitPerSignedInAccount(app, 'payout', PAYOUTS_PER_ACCOUNT);
  const limitStatusChecks = limitPerSignedInAccount(app, 'payout-status', STATUS_CHECKS_PER_ACCOUNT);

  registerRoute(app, payoutRoutes.getEarnings, async (_request, _reply, { user: creator }) => {
    return {
      success: true as const,
      ...(await readEarnings({
        db,
        creatorId: creator.id,
        holdHours: config.payouts.earningsHoldHours,
        minimumPayout: config.payouts.minimum,
        isAutoPayoutEnabled: creator.isAutoPayoutEnabled,
        lastAutoPayout: await readLastAutoPayoutNote(db, creator.id),
      })),
    };
  });

  registerRoute(
    app,
    payoutRoutes.requestPayout,
    async (request, reply, { user: creator }) => {
      const { payout, isNew } = await requestPayout({
        db,
        pawapay,
        log,
        rules,
        creatorId: creator.id,
        request: request.body,
      });
      return reply.status(isNew ? 201 : 200).send({ success: true as const, payout });
    },
    { preHandler: limitPayouts },
  );

  registerRoute(app, payoutRoutes.listPayouts, async (request, _reply, { user: creator }) => {
    return {
      success: true as const,
      ...(await listPayouts({ db, creatorId: creator.id, ...request.query })),
    };
  });

  registerRoute(app, payoutRoutes.getPayoutAvailability, async () => ({
    success: true as const,
    operators: await readAvailability(),
  }));

  registerRoute(
    app,
    payoutRoutes.getPayout,
    async (request, _reply, { user: creator }) => {
      const payout = await readPayout({ db, pawapay, log, creatorId: creator.id, ...request.params });
      return { success: true as const, payout };
    },
    { preHandler: limitStatusChecks },
  );

  registerRoute(
    app,
    payoutRoutes.cancelPayout,
    async (request, _reply, { user: creator }) => {
      const payout = await cancelPayout({ db, pawapay, log, creatorId: creator.id, ...request.params });
      return { success: true as const, payout };
    },
    { preHandler: limitPayouts },
  );

  const receive = createPayoutCallbackReceiver({
    db,
    pawapay,
    log,
    signedCallbacks: config.pawapay.signedCallbacks,
  });
  await registerPawapayCallbackRoute(app, payoutRoutes.receivePayoutCallback, receive);
  registerPayoutReconciliation(app);
  registerAutoPayouts(app);
  registerPayoutNotices(app);
}
