import type {
  postRoutes,
  TLike,
  TPostResponse,
  TReactionKind,
  TUpdatePostRequest,
} from '@stagepass/contract/posts';
import { requestRoute } from '../../../lib/api-client';
import { useOptimisticItemMutation } from '../../../lib/items/item-cache';
import { postsQueryKey } from '../../../lib/items/item-query-keys';
import { findReaction } from '../../../ui/item/reactions';
import { applyReaction } from '../reaction-rules';

/** The viewer's reaction (PUT /api/post/update/:postId, target 'likes'); the same one again takes it back. */
export function reactToPost(postId: string, kind: TReactionKind) {
  const body: TUpdatePostRequest = {
    postId,
    target: 'likes',
    update: { like: { name: kind, emoji: findReaction(kind).emoji } },
  };
  return requestRoute<typeof postRoutes.updatePost>('PUT /api/post/update/:postId', {
    params: { postId },
    body,
  });
}

type Variables = { kind: TReactionKind; viewerId: string };

/**
 * A reaction, optimistically (the spec's like rules, in every cached copy of the post), then
 * sent. The spec swallows update errors: a failure only puts the copies back.
 */
export function useReactToPost(postId: string) {
  return useOptimisticItemMutation<TPostResponse, Variables>({
    itemId: postId,
    cancelQueryKey: postsQueryKey,
    mutationFn: ({ kind }) => reactToPost(postId, kind),
    guess: ({ kind, viewerId }) => {
      const like: TLike = { owner: viewerId, name: kind, emoji: findReaction(kind).emoji, postId };
      return { post: (post) => applyReaction(post, like) };
    },
    // The server's counts include everyone else's reactions too; only the reaction fields,
    // so media addresses in the list's copy stay as they were.
    settle: ({ post: { likes, reactionCounts, viewerReaction } }) => ({
      post: (post) => ({ ...post, likes, reactionCounts, viewerReaction }),
    }),
  });
}
