import { creatorRoutes } from '@stagepass/contract/profiles';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import { detectSearchEngine } from './creator-search.ts';
import { listCreators, listFavouriteCreators, listFeaturedCreators } from './creators.service.ts';

export async function registerCreatorRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onReady', async () => {
    const engine = await detectSearchEngine(app.db);
    app.log.info(
      { engine },
      `creator search: ${engine === 'trigram' ? 'pg_trgm' : 'fallback without pg_trgm'}`,
    );
  });

  registerRoute(app, creatorRoutes.listCreators, async (request, _reply, viewer) => {
    return listCreators({
      db: app.db,
      viewerId: viewer?.user.id,
      query: request.query.q,
      page: request.query.page,
      limit: request.query.limit,
    });
  });

  registerRoute(app, creatorRoutes.listFeaturedCreators, async (request, _reply, viewer) => {
    return listFeaturedCreators({
      db: app.db,
      viewerId: viewer?.user.id,
      page: request.query.page,
      limit: request.query.limit,
    });
  });

  registerRoute(app, creatorRoutes.listFavouriteCreators, async (_request, _reply, current) => {
    return { creators: await listFavouriteCreators({ db: app.db, viewerId: current.user.id }) };
  });
}
