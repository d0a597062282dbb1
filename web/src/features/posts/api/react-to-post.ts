import type {
  postRoutes,
  TLike,
  TPostResponse,
  TReactionKind,
  TUpdatePostRequest,
} from '@stagepass/contract/posts';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { patchPostInData } from '../post-cache';
import { applyReaction, findReaction } from '../reaction-rules';
import { postsQueryKey } from './post-query-keys';

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

type Variables = { postId: string; kind: TReactionKind; viewerId: string };
type Snapshot = [QueryKey, unknown][];

/**
 * A reaction, optimistically (the spec's like rules, in every cached copy of the post), then
 * sent. The spec swallows update errors: a failure only puts the copies back. Reactions to
 * one post are sent one after another (the mutation scope), so a quick second tap never
 * races the first.
 */
export function useReactToPost(postId: string) {
  const queryClient = useQueryClient();
  return useMutation<TPostResponse, Error, Variables, { snapshot: Snapshot }>({
    scope: { id: `react-${postId}` },
    mutationFn: ({ kind }) => reactToPost(postId, kind),
    onMutate: async ({ kind, viewerId }) => {
      await queryClient.cancelQueries({ queryKey: postsQueryKey });
      const snapshot = queryClient.getQueriesData({ queryKey: postsQueryKey });
      const like: TLike = { owner: viewerId, name: kind, emoji: findReaction(kind).emoji, postId };
      queryClient.setQueriesData({ queryKey: postsQueryKey }, (data: unknown) =>
        patchPostInData(data, postId, (post) => applyReaction(post, like)),
      );
      return { snapshot };
    },
    onSuccess: (answer) => {
      // The server's counts include everyone else's reactions too.
      queryClient.setQueriesData({ queryKey: postsQueryKey }, (data: unknown) =>
        patchPostInData(data, postId, (post) => ({ ...post, ...pickReactions(answer.post) })),
      );
    },
    onError: (_error, _variables, context) => {
      for (const [queryKey, data] of context?.snapshot ?? []) queryClient.setQueryData(queryKey, data);
    },
  });
}

// Only the reaction fields: media addresses in the list's copy stay as they were.
function pickReactions({ likes, reactionCounts, viewerReaction }: TPostResponse['post']) {
  return { likes, reactionCounts, viewerReaction };
}
