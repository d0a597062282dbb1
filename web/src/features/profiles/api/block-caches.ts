import type { QueryClient } from '@tanstack/react-query';
import { creatorsQueryKey } from '../../../lib/creators-query-key';
import { postsQueryKey } from '../../../lib/items/item-query-keys';
import { profilesQueryKey } from './get-profile';

/**
 * What the client caches must do when the signed-in person blocks or unblocks someone, so
 * the screen follows the server at once: a block hides the account's profile, its posts
 * (feed, profile lists, single posts) and its creator cards; an unblock shows them again.
 */

/** The account as the caches know it: posts name their author by userId and pageId (@name). */
export type TBlockTarget = { username: string; userId?: string };

/** Every blocked account the settings page lists sits under this key. */
export const blockedAccountsQueryKey = ['blocked-accounts'] as const;

const bareName = (username: string) => username.trim().replace(/^@/, '').toLowerCase();

type CachedRecord = Record<string, unknown>;

function isTargetPost(post: unknown, target: TBlockTarget): boolean {
  const author = (post as { author?: { userId?: unknown; pageId?: unknown } } | null)?.author;
  if (!author) return false;
  return (
    (target.userId !== undefined && author.userId === target.userId) ||
    (typeof author.pageId === 'string' && bareName(author.pageId) === bareName(target.username))
  );
}

function isTargetCard(card: unknown, target: TBlockTarget): boolean {
  const { _id, username } = (card ?? {}) as { _id?: unknown; username?: unknown };
  return (
    (target.userId !== undefined && _id === target.userId) ||
    (typeof username === 'string' && bareName(username) === bareName(target.username))
  );
}

/**
 * A cached answer without the account's posts and creator cards: a page of posts
 * ({ posts }), of creators ({ creators }), or an infinite list of either ({ pages }).
 * Anything else comes back as it was; the same object when nothing changed, so untouched
 * queries do not re-render.
 */
export function withoutAccount(data: unknown, target: TBlockTarget): unknown {
  if (Array.isArray(data)) {
    const kept = data.filter((item) => !isTargetCard(item, target) && !isTargetPost(item, target));
    return kept.length === data.length ? data : kept;
  }
  if (typeof data !== 'object' || data === null) return data;
  const record = data as CachedRecord;
  for (const field of ['pages', 'posts', 'creators'] as const) {
    const list = record[field];
    if (!Array.isArray(list)) continue;
    const changed = (
      field === 'pages' ? list.map((page) => withoutAccount(page, target)) : withoutAccount(list, target)
    ) as unknown[];
    const isUnchanged =
      changed.length === list.length && changed.every((item, index) => item === list[index]);
    return isUnchanged ? data : { ...record, [field]: changed };
  }
  return data;
}

/** Whether a cached answer is one post ({ post }) by the account. */
export function isSinglePostBy(data: unknown, target: TBlockTarget): boolean {
  return typeof data === 'object' && data !== null && isTargetPost((data as CachedRecord).post, target);
}

/** After a block: the account vanishes from every cached list now, and the server is asked again. */
export async function hideBlockedAccount(queryClient: QueryClient, target: TBlockTarget): Promise<void> {
  // A read already on its way would bring the account back.
  await Promise.all([
    queryClient.cancelQueries({ queryKey: postsQueryKey }),
    queryClient.cancelQueries({ queryKey: creatorsQueryKey }),
  ]);
  for (const queryKey of [postsQueryKey, creatorsQueryKey]) {
    queryClient.setQueriesData({ queryKey }, (data: unknown) => withoutAccount(data, target));
  }
  // A single post of theirs is now missing: its page shows nothing rather than the old copy.
  for (const [queryKey, data] of queryClient.getQueriesData({ queryKey: postsQueryKey })) {
    if (isSinglePostBy(data, target)) void queryClient.resetQueries({ queryKey, exact: true });
  }
  refetchWhatBlocksChange(queryClient);
}

/** After an unblock: the profile, posts and creator lists are read again and show the account. */
export function showUnblockedAccount(queryClient: QueryClient): void {
  refetchWhatBlocksChange(queryClient);
}

function refetchWhatBlocksChange(queryClient: QueryClient) {
  for (const queryKey of [profilesQueryKey, postsQueryKey, creatorsQueryKey, blockedAccountsQueryKey]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}
