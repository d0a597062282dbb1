import type { TVideo, TVideosPage } from '@stagepass/contract/video';

/** The cursor of the page after this one; undefined at the end (TanStack Query's "no more"). */
export function readNextVideoPage(page: TVideosPage): string | undefined {
  return page.nextPage ?? undefined;
}

/**
 * The videos of the pages loaded so far, each once: a list ranked as it is watched (discover)
 * may move a video to a later page between two reads, so a repeat is dropped by its _id.
 */
export function flattenVideoPages(pages: readonly TVideosPage[] | undefined): TVideo[] {
  const seen = new Set<string>();
  const videos: TVideo[] = [];
  for (const page of pages ?? []) {
    for (const video of page.videos) {
      if (seen.has(video._id)) continue;
      seen.add(video._id);
      videos.push(video);
    }
  }
  return videos;
}

/** Whether the author still waits for one of these to be processed (the list is read again meanwhile). */
export function hasProcessingVideo(pages: readonly TVideosPage[] | undefined): boolean {
  return (pages ?? []).some((page) => page.videos.some((video) => video.status === 'processing'));
}
