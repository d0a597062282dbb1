import type { FastifyInstance } from 'fastify';
import { registerItemKind } from '../items/items.service.ts';
import { isPostReadyForSale } from './post-sale.service.ts';
import { readPostTitles } from './post-titles.service.ts';
import { loadPostsForViewer } from './post-view.ts';
import { registerPostRoutes } from './posts.routes.ts';

/** Posts: the item kind 'post' with the catalogue, and the spec's post routes. */
export async function registerPosts(app: FastifyInstance): Promise<void> {
  registerItemKind('post', {
    loadForViewer: async (options) =>
      new Map((await loadPostsForViewer(options)).map((post) => [post.postId, post])),
    readTitles: readPostTitles,
    isReadyForSale: isPostReadyForSale,
  });
  await app.register(registerPostRoutes);
}
