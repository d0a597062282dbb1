import type { profileRoutes, TFollowResponse } from '@stagepass/contract/profiles';
import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { genericErrorMessage, requestRoute } from '../../../lib/api-client';
import { creatorsQueryKey } from '../../../lib/creators-query-key';
import { useModal } from '../../../lib/modals/use-modal';
import { toast } from '../../../lib/toast';
import { profileQueryKey, profilesQueryKey } from './get-profile';

/** Follows the creator, or unfollows one already followed; answers the new state. */
export function toggleFollow(username: string) {
  const bare = username.trim().replace(/^@/, '');
  return requestRoute<typeof profileRoutes.toggleFollow>('POST /api/users/:username/follow', {
    params: { username: bare },
  });
}

type FollowState = { username: string; followStatus: boolean; followers_count: number };
type FollowPatch = (state: FollowState) => Pick<FollowState, 'followStatus' | 'followers_count'>;

export const flip: FollowPatch = ({ followStatus, followers_count }) => ({
  followStatus: !followStatus,
  followers_count: Math.max(0, followers_count + (followStatus ? -1 : 1)),
});

const sameUsername = (a: string, b: string) =>
  a.replace(/^@/, '').toLowerCase() === b.replace(/^@/, '').toLowerCase();

/**
 * Applies a patch to every copy of one creator in a cached answer: a profile, a page of
 * creators ({ creators }), or an infinite list of pages ({ pages }). Anything else is left
 * as it is, so a list whose shape this does not know is simply refetched on settle.
 */
export function patchCached(data: unknown, username: string, patch: FollowPatch): unknown {
  if (typeof data !== 'object' || data === null) return data;
  const record = data as Record<string, unknown>;
  if (Array.isArray(record.pages)) {
    return { ...record, pages: record.pages.map((page) => patchCached(page, username, patch)) };
  }
  if (Array.isArray(record.creators)) {
    return { ...record, creators: record.creators.map((card) => patchCached(card, username, patch)) };
  }
  if (
    typeof record.username === 'string' &&
    typeof record.followStatus === 'boolean' &&
    typeof record.followers_count === 'number' &&
    sameUsername(record.username, username)
  ) {
    return { ...record, ...patch(record as FollowState) };
  }
  return data;
}

function patchAllCopies(queryClient: QueryClient, username: string, patch: FollowPatch) {
  for (const queryKey of [profileQueryKey(username), creatorsQueryKey]) {
    queryClient.setQueriesData({ queryKey }, (data: unknown) => patchCached(data, username, patch));
  }
}

type Snapshot = [QueryKey, unknown][];

/**
 * Follow or unfollow, optimistically (spec: followStatus flips and followers_count moves by
 * one at once) in the cached profile and in any cached creator list. A failure puts every
 * copy back and toasts 'An error occured!'; either way the profiles and creator lists are
 * fetched again. Call `mutate({ username })`; one hook serves a whole list of cards.
 */
export function useToggleFollow() {
  const queryClient = useQueryClient();
  return useMutation<TFollowResponse, Error, { username: string }, { snapshot: Snapshot }>({
    mutationFn: ({ username }) => toggleFollow(username),
    onMutate: async ({ username }) => {
      // A fetch already in flight would overwrite the optimistic state with the old one.
      await Promise.all([
        queryClient.cancelQueries({ queryKey: profileQueryKey(username) }),
        queryClient.cancelQueries({ queryKey: creatorsQueryKey }),
      ]);
      const snapshot: Snapshot = [
        ...queryClient.getQueriesData({ queryKey: profileQueryKey(username) }),
        ...queryClient.getQueriesData({ queryKey: creatorsQueryKey }),
      ];
      patchAllCopies(queryClient, username, flip);
      return { snapshot };
    },
    onSuccess: (answer, { username }) => {
      // The server's count is exact (other people follow too); show it until the refetch.
      patchAllCopies(queryClient, username, () => answer);
    },
    onError: (_error, _variables, context) => {
      for (const [queryKey, data] of context?.snapshot ?? []) queryClient.setQueryData(queryKey, data);
      toast.error(genericErrorMessage);
    },
    // Not awaited: the button answers the next click while the lists refetch.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: profilesQueryKey });
      void queryClient.invalidateQueries({ queryKey: creatorsQueryKey });
    },
  });
}

/**
 * What a Follow / Unfollow button does, given the creator's username: a signed-out visitor is
 * asked to sign in and stays where they are; otherwise the follow toggles at once
 * (optimistically, see useToggleFollow).
 */
export function useFollowClick({ isSignedIn }: { isSignedIn: boolean }) {
  const { openModal } = useModal();
  const toggleFollow = useToggleFollow();
  return (username: string) => {
    if (!isSignedIn) {
      openModal('signin', { options: 'no-redirect' });
      return;
    }
    // The label already shows the new state; a second click waits for the first answer
    // instead of racing it.
    if (toggleFollow.isPending) return;
    toggleFollow.mutate({ username });
  };
}
