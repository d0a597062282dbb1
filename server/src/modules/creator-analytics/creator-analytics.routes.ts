import { creatorAnalyticsRoutes } from '@stagepass/contract/creator-analytics';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import { readCreatorAnalytics } from './creator-analytics.service.ts';

/** GET /api/creator/analytics: the payouts page's dashboard. */
export async function registerCreatorAnalyticsRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, creatorAnalyticsRoutes.getCreatorAnalytics, async (request, _reply, { user }) => {
    return {
      success: true as const,
      ...(await readCreatorAnalytics({ db: app.db, creatorId: user.id, range: request.query.range })),
    };
  });
}
