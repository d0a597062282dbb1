import type { TPost } from '@stagepass/contract/posts';

/**
 * Post answers sit in the query cache in three shapes: one post ({ post }), a page of posts
 * ({ posts }) and an infinite list of pages ({ pages: [{ posts }] }). These helpers change
 * one post wherever it appears, and leave anything else as it is.
 */
export function patchPostInData(
  data: unknown,
  postId: string,
  patch: (post: TPost) => TPost | null,
): unknown {
  if (typeof data !== 'object' || data === null) return data;
  const record = data as Record<string, unknown>;
  if (Array.isArray(record.pages)) {
    return { ...record, pages: record.pages.map((page) => patchPostInData(page, postId, patch)) };
  }
  if (Array.isArray(record.posts)) {
    const posts = (record.posts as TPost[]).flatMap((post) => {
      if (post.postId !== postId) return [post];
      const patched = patch(post);
      return patched ? [patched] : [];
    });
    return { ...record, posts };
  }
  const single = record.post as TPost | undefined;
  if (single && typeof single === 'object' && single.postId === postId) {
    const patched = patch(single);
    return patched ? { ...record, post: patched } : undefined;
  }
  return data;
}

/** The posts of every page loaded so far, each once (a post may move between pages as new ones arrive). */
export function flattenPostPages(pages: readonly { posts: readonly TPost[] }[] | undefined): TPost[] {
  const seen = new Set<string>();
  const posts: TPost[] = [];
  for (const page of pages ?? []) {
    for (const post of page.posts) {
      if (seen.has(post.postId)) continue;
      seen.add(post.postId);
      posts.push(post);
    }
  }
  return posts;
}

/** Whether a list should be read again soon: some photo or video is still being processed. */
export function hasProcessingMedia(posts: readonly Pick<TPost, 'media'>[]): boolean {
  return posts.some((post) => post.media?.status === 'processing');
}

/** The cursor of the next page, or undefined (TanStack Query's "no next page") at the end. */
export function readNextCursor(page: { nextCursor: string | null }): string | undefined {
  return page.nextCursor ?? undefined;
}
