import { POST_MESSAGES, postRoutes } from '@stagepass/contract/posts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { registerRoute } from '../../lib/register-route.ts';
import { limitPerSignedInAccount } from '../../plugins/rate-limits.ts';
import { createPost } from './create-post.service.ts';
import { deletePost } from './delete-post.service.ts';
import { registerPostReadRoutes } from './post-reads.routes.ts';
import { reactToPost } from './react-to-post.service.ts';
import { updatePostFields } from './update-post.service.ts';

// Per account: generous for a person, a wall for a script flooding feeds or counts.
const CREATES_PER_ACCOUNT = { max: 60, timeWindow: '1 hour' };
const UPDATES_PER_ACCOUNT = { max: 120, timeWindow: '1 minute' };
const DELETES_PER_ACCOUNT = { max: 60, timeWindow: '1 minute' };

/** The spec's post paths (section 7, "Post") and the home feed; docs/decisions/006-post-api.md. */
export async function registerPostRoutes(app: FastifyInstance): Promise<void> {
  const { db, mediaStore } = app;
  const { appSecret } = app.config;

  const limitCreates = limitPerSignedInAccount(app, 'post-create', CREATES_PER_ACCOUNT);
  const limitUpdates = limitPerSignedInAccount(app, 'post-update', UPDATES_PER_ACCOUNT);
  const limitDeletes = limitPerSignedInAccount(app, 'post-delete', DELETES_PER_ACCOUNT);

  // The web app swallows errors of creating, fetching and updating posts, as the spec
  // says; refusals are logged here so they are not lost (500s are logged by the handler).
  app.addHook('onError', async (request, _reply, error) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status < 500) {
      request.log.warn(
        { code: (error as { code?: string }).code, message: error.message },
        'post request refused',
      );
    }
  });

  registerRoute(
    app,
    postRoutes.createPost,
    async (request, reply, { user }) => {
      const { post, isNew } = await createPost({ db, appSecret, author: user, request: request.body });
      return reply.status(isNew ? 201 : 200).send({ success: true, newPost: post });
    },
    { preHandler: limitCreates },
  );

  registerRoute(
    app,
    postRoutes.updatePost,
    async (request, _reply, { user }) => {
      const { postId } = request.params;
      const body = request.body;
      if (body.postId !== undefined && body.postId !== postId) {
        throw new AppError('VALIDATION_ERROR', POST_MESSAGES.postIdMismatch, 400, 'postId');
      }
      if (body.target === 'post') {
        return {
          success: true as const,
          post: await updatePostFields({ db, appSecret, authorId: user.id, postId, fields: body.update }),
        };
      }
      const { like } = body.update;
      if (like.owner !== undefined && like.owner !== user.id) {
        throw new AppError('FORBIDDEN', POST_MESSAGES.notYourReaction, 403);
      }
      if (like.postId !== undefined && like.postId !== postId) {
        throw new AppError('VALIDATION_ERROR', POST_MESSAGES.postIdMismatch, 400, 'update.like.postId');
      }
      const { post } = await reactToPost({ db, appSecret, ownerId: user.id, postId, kind: like.name });
      return { success: true as const, post };
    },
    { preHandler: limitUpdates },
  );

  registerRoute(
    app,
    postRoutes.deletePost,
    async (request, _reply, { user }) => {
      await deletePost({ db, mediaStore, authorId: user.id, postId: request.params.id, log: request.log });
      return { success: true as const, message: POST_MESSAGES.deleted };
    },
    { preHandler: limitDeletes },
  );

  registerPostReadRoutes(app);
}
