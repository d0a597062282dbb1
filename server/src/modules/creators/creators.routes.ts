import { ZErrorResponse } from '@stagepass/contract/errors';
import { ZCreatorsPage, ZCreatorsQuery, ZFavouriteCreatorsResponse } from '@stagepass/contract/profiles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { findCurrentSession, requireCurrentSession } from '../../plugins/session.ts';
import { detectSearchEngine } from './creator-search.ts';
import {
  FAVOURITES_LIMIT,
  listCreators,
  listFavouriteCreators,
  listFeaturedCreators,
} from './creators.service.ts';

const tags = ['creators'];
const ZFeaturedCreatorsQuery = ZCreatorsQuery.omit({ q: true });

export async function registerCreatorRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.addHook('onReady', async () => {
    const engine = await detectSearchEngine(app.db);
    app.log.info(
      { engine },
      `creator search: ${engine === 'trigram' ? 'pg_trgm' : 'fallback without pg_trgm'}`,
    );
  });

  app.get(
    '/api/creators',
    {
      schema: {
        tags,
        summary: 'Every creator, most followed first; with q, a search by name, username and category',
        description:
          "Paged from page=0; pass the answer's nextPage (an opaque cursor; null at the end) for the next page. " +
          'q tolerates prefixes and small typos (pg_trgm word similarity where the database has it, ' +
          'an edit-distance fallback where not) and ranks by relevance, then followers. ' +
          'Signed in, creators blocked either way are left out and followStatus is filled.',
        querystring: ZCreatorsQuery,
        response: { 200: ZCreatorsPage, 400: ZErrorResponse },
      },
    },
    async (request) => {
      const viewer = await findCurrentSession(request);
      return listCreators({
        db: app.db,
        viewerId: viewer?.user.id,
        query: request.query.q,
        page: request.query.page,
        limit: request.query.limit,
      });
    },
  );

  app.get(
    '/api/creators/featured',
    {
      schema: {
        tags,
        summary:
          'Featured creators for the home page: complete profiles first, then by followers and recent activity',
        description:
          'Ranked by score = 100 · (has a picture + has a bio + has posts) + ln(1 + followers_count) ' +
          '+ 2 · exp(−days since last_active_at / 14), highest first, so a profile with more to show always ranks ' +
          'above a less complete one, over the 500 most followed and the 500 most recently active creators. ' +
          'Paged like /api/creators; a cursor keeps the time of the first page so scores hold still while scrolling.',
        querystring: ZFeaturedCreatorsQuery,
        response: { 200: ZCreatorsPage, 400: ZErrorResponse },
      },
    },
    async (request) => {
      const viewer = await findCurrentSession(request);
      return listFeaturedCreators({
        db: app.db,
        viewerId: viewer?.user.id,
        page: request.query.page,
        limit: request.query.limit,
      });
    },
  );

  app.get(
    '/api/creators/favourites',
    {
      schema: {
        tags,
        summary: `The creators the signed-in user follows, newest follow first (at most ${FAVOURITES_LIMIT})`,
        response: { 200: ZFavouriteCreatorsResponse, 401: ZErrorResponse },
      },
    },
    async (request) => {
      const current = await requireCurrentSession(request);
      return { creators: await listFavouriteCreators({ db: app.db, viewerId: current.user.id }) };
    },
  );
}
