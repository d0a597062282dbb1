import type { TPost } from '@stagepass/contract/posts';

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
