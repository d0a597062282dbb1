import { POST_PAGE_SIZE, postRoutes } from '@stagepass/contract/posts';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import {
  getPost,
  listCreatorPosts,
  listFeed,
  listNewestPublicPosts,
  listOwnPosts,
  listPurchasedPosts,
} from './post-lists.service.ts';

/** The reads of the spec's post paths, and the home feed. Signed-out visitors may read public posts. */
export function registerPostReadRoutes(app: FastifyInstance): void {
  const { db } = app;
  const { appSecret } = app.config;

  registerRoute(app, postRoutes.getPost, async (request, _reply, current) => {
    const viewer = current?.user;
    return {
      success: true as const,
      post: await getPost({ db, appSecret, viewerId: viewer?.id, postId: request.params.id }),
    };
  });

  registerRoute(app, postRoutes.listNewestPosts, async (request, _reply, current) => {
    const viewer = current?.user;
    return listNewestPublicPosts({
      db,
      appSecret,
      viewerId: viewer?.id,
      cursor: request.query.cursor,
      limit: request.params.limit,
    });
  });

  registerRoute(app, postRoutes.listCreatorPosts, async (request, _reply, current) => {
    const viewer = current?.user;
    return listCreatorPosts({
      db,
      appSecret,
      viewer,
      viewerId: viewer?.id,
      username: request.params.x,
      cursor: request.query.cursor,
      limit: request.query.limit,
    });
  });

  registerRoute(app, postRoutes.listOwnPosts, async (request, _reply, { user }) => {
    return listOwnPosts({
      db,
      appSecret,
      viewerId: user.id,
      cursor: request.params.a,
      limit: request.params.b,
    });
  });

  registerRoute(app, postRoutes.listPurchasedPosts, async (request, _reply, { user }) => {
    return listPurchasedPosts({
      db,
      appSecret,
      viewerId: user.id,
      cursor: request.params.x,
      limit: POST_PAGE_SIZE,
    });
  });

  registerRoute(app, postRoutes.listFeed, async (request, _reply, { user }) => {
    return listFeed({
      db,
      appSecret,
      viewerId: user.id,
      cursor: request.query.cursor,
      limit: request.query.limit,
    });
  });
}
