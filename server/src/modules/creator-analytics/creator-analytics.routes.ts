import { creatorAnalyticsRoutes } from '@stagepass/contract/creator-analytics';
import { PAYOUT_MESSAGES } from '@stagepass/contract/payouts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { registerRoute } from '../../lib/register-route.ts';
import { requireCurrentSession } from '../../plugins/session.ts';
import { readCreatorAnalytics } from './creator-analytics.service.ts';

/** GET /api/creator/analytics: the payouts page's dashboard. */
export async function registerCreatorAnalyticsRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, creatorAnalyticsRoutes.getCreatorAnalytics, async (request) => {
    const { user } = await requireCurrentSession(request);
    if (user.role !== 'creator') throw new AppError('FORBIDDEN', PAYOUT_MESSAGES.onlyCreators, 403);
    return {
      success: true as const,
      ...(await readCreatorAnalytics({ db: app.db, creatorId: user.id, range: request.query.range })),
    };
  });
}
