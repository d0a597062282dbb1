import { ZErrorResponse } from '@stagepass/contract/errors';
import {
  POST_PAGE_MAX,
  POST_PAGE_SIZE,
  ZCreatorPostsParams,
  ZCursorOnlyQuery,
  ZIdParams,
  ZLimitParams,
  ZOwnPostsParams,
  ZPostPageQuery,
  ZPostResponse,
  ZPostsPage,
  ZPurchasedPostsParams,
} from '@stagepass/contract/posts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { findCurrentSession, requireCurrentSession } from '../../plugins/session.ts';
import {
  getPost,
  listCreatorPosts,
  listFeed,
  listNewestPublicPosts,
  listOwnPosts,
  listPurchasedPosts,
} from './post-lists.service.ts';

const tags = ['posts'];
const refusals = { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse };
const PAGING =
  `Newest first, keyset-paged on (createdAt, postId): pass nextCursor back as the cursor for the ` +
  `next page (absent or '0' is the first page; nextCursor is null at the end). A page may hold ` +
  `fewer posts than its size when some cannot be shown yet (media still processing); every post ` +
  `still comes exactly once. Pages hold ${POST_PAGE_SIZE} posts unless a size (1..${POST_PAGE_MAX}) is given.`;
const ACCESS =
  'Posts of creators blocked either way are left out. Posts that are not public show their text with ' +
  'isLocked and no media addresses, except to their author.';

/** The reads of the spec's post paths, and the home feed. Signed-out visitors may read public posts. */
export function registerPostReadRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const { appSecret } = app.config;
  const viewerOf = async (request: Parameters<typeof findCurrentSession>[0]) =>
    (await findCurrentSession(request))?.user;

  app.get(
    '/api/post/fetch-post/:id',
    {
      schema: {
        tags,
        summary: 'One post by its postId (the single post page)',
        description: `id is the postId. ${ACCESS} A blocked author's post, or one whose media is still processing (for anyone but its author), answers 404 like a missing one.`,
        params: ZIdParams,
        response: { 200: ZPostResponse, ...refusals },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      return {
        success: true as const,
        post: await getPost({ db, appSecret, viewerId: viewer?.id, postId: request.params.id }),
      };
    },
  );

  app.get(
    '/api/post/fetch-posts/:limit',
    {
      schema: {
        tags,
        summary: 'The newest public posts of every creator',
        description: `limit is the page size (1..${POST_PAGE_MAX}); ?cursor= pages on. ${PAGING} ${ACCESS}`,
        params: ZLimitParams,
        querystring: ZCursorOnlyQuery,
        response: { 200: ZPostsPage, ...refusals },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      return listNewestPublicPosts({
        db,
        appSecret,
        viewerId: viewer?.id,
        cursor: request.query.cursor,
        limit: request.params.limit,
      });
    },
  );

  app.get(
    '/api/post/fetch-all/:x',
    {
      schema: {
        tags,
        summary: "A creator's posts (their profile)",
        description: `x is the creator's username, with or without '@'; ?cursor= and ?limit= page on. ${PAGING} ${ACCESS} An unknown or blocked creator answers 404.`,
        params: ZCreatorPostsParams,
        querystring: ZPostPageQuery,
        response: { 200: ZPostsPage, ...refusals },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      return listCreatorPosts({
        db,
        appSecret,
        viewer,
        viewerId: viewer?.id,
        username: request.params.x,
        cursor: request.query.cursor,
        limit: request.query.limit,
      });
    },
  );

  app.get(
    '/api/post/fetch-own-posts/:a/:b',
    {
      schema: {
        tags,
        summary: "The signed-in creator's own posts (creator studio), every visibility and state",
        description: `a is the cursor ('0' for the first page, then nextCursor), b the page size (1..${POST_PAGE_MAX}). ${PAGING} Media still processing or failed is included, with its status.`,
        params: ZOwnPostsParams,
        response: { 200: ZPostsPage, ...refusals },
      },
    },
    async (request) => {
      const { user } = await requireCurrentSession(request);
      return listOwnPosts({
        db,
        appSecret,
        viewerId: user.id,
        cursor: request.params.a,
        limit: request.params.b,
      });
    },
  );

  app.get(
    '/api/post/fetch-purchased-posts/:x',
    {
      schema: {
        tags,
        summary: 'Posts the signed-in user bought (empty until pay-to-unlock posts can be bought)',
        description: `x is the cursor ('0' for the first page, then nextCursor). ${PAGING}`,
        params: ZPurchasedPostsParams,
        response: { 200: ZPostsPage, ...refusals },
      },
    },
    async (request) => {
      await requireCurrentSession(request);
      return listPurchasedPosts({ cursor: request.params.x });
    },
  );

  app.get(
    '/api/feed',
    {
      schema: {
        tags,
        summary: 'The home feed: posts of the creators the signed-in user follows',
        description: `${PAGING} ${ACCESS}`,
        querystring: ZPostPageQuery,
        response: { 200: ZPostsPage, ...refusals },
      },
    },
    async (request) => {
      const { user } = await requireCurrentSession(request);
      return listFeed({
        db,
        appSecret,
        viewerId: user.id,
        cursor: request.query.cursor,
        limit: request.query.limit,
      });
    },
  );
}
