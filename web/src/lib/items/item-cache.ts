import type { TAudio } from '@stagepass/contract/audio';
import type { TPost } from '@stagepass/contract/posts';
import type { TVideo } from '@stagepass/contract/video';
import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { audioQueryKey, postsQueryKey, videoQueryKey } from './item-query-keys';

// Types only from the contract: post items and the player ship in chunks kept free of zod.

/** A change to one item, by kind; null takes the item out (a deleted post or track). */
export type ItemPatch = {
  post?: (post: TPost) => TPost | null;
  audio?: (track: TAudio) => TAudio | null;
  video?: (video: TVideo) => TVideo | null;
};

type Record_ = Record<string, unknown>;

/**
 * Item answers sit in the query cache in three shapes: one item ({ post }, { audio } or
 * { video }), a page of items ({ posts }, { audios } or { videos }) and an infinite list of pages ({ pages }). This
 * changes one item wherever it appears, and leaves anything else as it is (a single answer
 * whose item is taken out becomes undefined: nothing cached).
 */
export function patchItemInData(data: unknown, itemId: string, patch: ItemPatch): unknown {
  if (typeof data !== 'object' || data === null) return data;
  const record = data as Record_;
  if (Array.isArray(record.pages)) {
    return { ...record, pages: record.pages.map((page) => patchItemInData(page, itemId, patch)) };
  }
  if (patch.post) {
    const patched = patchInRecord(record, 'posts', 'post', (post: TPost) => post.postId, itemId, patch.post);
    if (patched !== record) return patched;
  }
  if (patch.audio) {
    const patched = patchInRecord(
      record,
      'audios',
      'audio',
      (track: TAudio) => track.audioId,
      itemId,
      patch.audio,
    );
    if (patched !== record) return patched;
  }
  if (patch.video) {
    return patchInRecord(record, 'videos', 'video', (video: TVideo) => video._id, itemId, patch.video);
  }
  return record;
}

/** The same record with the item changed in its list field or its single field; the same object when absent. */
function patchInRecord<TItem>(
  record: Record_,
  listField: string,
  singleField: string,
  readId: (item: TItem) => string,
  itemId: string,
  patch: (item: TItem) => TItem | null,
): Record_ | undefined {
  const list = record[listField];
  if (Array.isArray(list)) {
    if (!(list as TItem[]).some((item) => readId(item) === itemId)) return record;
    const items = (list as TItem[]).flatMap((item) => {
      if (readId(item) !== itemId) return [item];
      const patched = patch(item);
      return patched ? [patched] : [];
    });
    return { ...record, [listField]: items };
  }
  const single = record[singleField] as TItem | undefined;
  if (single && typeof single === 'object' && readId(single) === itemId) {
    const patched = patch(single);
    return patched ? { ...record, [singleField]: patched } : undefined;
  }
  return record;
}

/** The cache prefixes a patch reaches: the kinds it names. */
function readPatchedKeys(patch: ItemPatch): QueryKey[] {
  const keys: QueryKey[] = [];
  if (patch.post) keys.push(postsQueryKey);
  if (patch.audio) keys.push(audioQueryKey);
  if (patch.video) keys.push(videoQueryKey);
  return keys;
}

/** Changes one item in every cached answer of its kind. */
export function patchItemEverywhere(queryClient: QueryClient, itemId: string, patch: ItemPatch): void {
  for (const queryKey of readPatchedKeys(patch)) {
    queryClient.setQueriesData({ queryKey }, (data: unknown) => patchItemInData(data, itemId, patch));
  }
}

type Snapshot = [QueryKey, unknown][];

type OptimisticItemMutation<TAnswer, TVariables> = {
  itemId: string;
  /** The item's own reads, stopped first: an answer on its way would undo the guess. */
  cancelQueryKey: QueryKey;
  mutationFn: (variables: TVariables) => Promise<TAnswer>;
  /** What the change looks like before the server answers. */
  guess: (variables: TVariables) => ItemPatch;
  /** What the server's answer says (everyone's reactions, not only the viewer's). */
  settle: (answer: TAnswer) => ItemPatch;
};

/**
 * A change to one item (a reaction), shown at once in every cached copy, then sent; the
 * server's answer replaces the guess, and a failure puts the copies back. Changes to one
 * item go one after another (the mutation scope), so a quick second tap never races the first.
 */
export function useOptimisticItemMutation<TAnswer, TVariables>({
  itemId,
  cancelQueryKey,
  mutationFn,
  guess,
  settle,
}: OptimisticItemMutation<TAnswer, TVariables>) {
  const queryClient = useQueryClient();
  return useMutation<TAnswer, Error, TVariables, { snapshot: Snapshot }>({
    scope: { id: `item-${itemId}` },
    mutationFn,
    onMutate: async (variables) => {
      await queryClient.cancelQueries({ queryKey: cancelQueryKey });
      const patch = guess(variables);
      const snapshot = readPatchedKeys(patch).flatMap((queryKey) => queryClient.getQueriesData({ queryKey }));
      patchItemEverywhere(queryClient, itemId, patch);
      return { snapshot };
    },
    onSuccess: (answer) => patchItemEverywhere(queryClient, itemId, settle(answer)),
    onError: (_error, _variables, context) => {
      for (const [queryKey, data] of context?.snapshot ?? []) queryClient.setQueryData(queryKey, data);
    },
  });
}
