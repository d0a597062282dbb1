import { ZErrorResponse } from '@stagepass/contract/errors';
import {
  POST_MESSAGES,
  ZCreatePostRequest,
  ZCreatePostResponse,
  ZDeletePostResponse,
  ZIdParams,
  ZPostIdParams,
  ZPostResponse,
  ZUpdatePostRequest,
} from '@stagepass/contract/posts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { limitPerSignedInAccount } from '../../plugins/rate-limits.ts';
import { requireCurrentSession } from '../../plugins/session.ts';
import { createPost } from './create-post.service.ts';
import { deletePost } from './delete-post.service.ts';
import { registerPostReadRoutes } from './post-reads.routes.ts';
import { reactToPost } from './react-to-post.service.ts';
import { updatePostFields } from './update-post.service.ts';

const tags = ['posts'];
// Per account: generous for a person, a wall for a script flooding feeds or counts.
const CREATES_PER_ACCOUNT = { max: 60, timeWindow: '1 hour' };
const UPDATES_PER_ACCOUNT = { max: 120, timeWindow: '1 minute' };
const DELETES_PER_ACCOUNT = { max: 60, timeWindow: '1 minute' };
const refusals = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  429: ZErrorResponse,
};

/** The spec's post paths (section 7, "Post") and the home feed; docs/decisions/006-post-api.md. */
export async function registerPostRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
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

  app.post(
    '/api/post/create',
    {
      schema: {
        tags,
        summary: 'Publish a photo, video or text post as the signed-in creator',
        description:
          'The author is the signed-in user, never the body: a body author.userId of anyone else is ' +
          'refused (403), pageId and pageName are ignored. postId (16 url-safe characters) may come from ' +
          'the client; the server makes one when it is absent. Creating the same postId again as the ' +
          'same author answers the existing post unchanged with 200 (201 when it was made now); the ' +
          "same postId from another author is 409. Photo and video posts name the author's own upload " +
          '(purpose post) in postAssets.image.public_id or postAssets.video.public_id; it may still be ' +
          'processing. price (integer ngwee, K1..K10,000) is required exactly for pay-to-unlock. ' +
          'Only creators publish (403 otherwise).',
        body: ZCreatePostRequest,
        response: { 200: ZCreatePostResponse, 201: ZCreatePostResponse, ...refusals },
      },
      preHandler: limitCreates,
    },
    async (request, reply) => {
      const { user } = await requireCurrentSession(request);
      const { post, isNew } = await createPost({ db, appSecret, author: user, request: request.body });
      return reply.status(isNew ? 201 : 200).send({ success: true, newPost: post });
    },
  );

  app.put(
    '/api/post/update/:postId',
    {
      schema: {
        tags,
        summary: "React to a post (target 'likes') or, as its author, change it (target 'post')",
        description:
          "target 'likes', update { like: { name, emoji } }: the signed-in user's reaction (like.owner, " +
          'when sent, must be them). The same reaction again removes it, a different one replaces it, ' +
          'otherwise it is added (newest first in likes); one reaction per user and post, also under ' +
          'concurrent requests. Anyone who may see the post and its media may react (locked posts: 403). ' +
          "target 'post', update { description?, visibility?, price?, isReactionsOpen? }: the author " +
          'only (403 for others). The answer is the post as the caller now sees it.',
        params: ZPostIdParams,
        body: ZUpdatePostRequest,
        response: { 200: ZPostResponse, ...refusals },
      },
      preHandler: limitUpdates,
    },
    async (request) => {
      const { user } = await requireCurrentSession(request);
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
  );

  app.delete(
    '/api/post/delete/:id',
    {
      schema: {
        tags,
        summary: 'Delete a post of yours with its reactions and its photo or video',
        description:
          'id is the postId. Only the author deletes (403 for others); 404 when there is no such post.',
        params: ZIdParams,
        response: { 200: ZDeletePostResponse, ...refusals },
      },
      preHandler: limitDeletes,
    },
    async (request) => {
      const { user } = await requireCurrentSession(request);
      await deletePost({ db, mediaStore, authorId: user.id, postId: request.params.id, log: request.log });
      return { success: true as const, message: POST_MESSAGES.deleted };
    },
  );

  registerPostReadRoutes(app);
}
