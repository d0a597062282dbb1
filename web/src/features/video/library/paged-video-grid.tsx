import type { TVideosPage } from '@stagepass/contract/video';
import type { ReactNode } from 'react';
import { ListLoadFailure } from '../../../ui/list-load-failure';
import { PagedList, type PagedQuery } from '../../../ui/paged-list';
import { flattenVideoPages } from '../api/video-pages';
import { VideoGrid, VideoGridSkeleton } from './video-card';

type PagedVideoGridProps = {
  query: PagedQuery & { data?: { pages: readonly TVideosPage[] }; refetch: () => Promise<unknown> };
  label: string;
  /** What is said when there is no video at all. */
  empty: ReactNode;
  /** A creator's own grid: no author line on each card. */
  hidesAuthor?: boolean;
};

/** A grid of videos paged as it is scrolled (a profile's tab, /discover), each video once. */
export function PagedVideoGrid({ query, label, empty, hidesAuthor }: PagedVideoGridProps) {
  const videos = flattenVideoPages(query.data?.pages);
  return (
    <PagedList
      query={query}
      itemCount={videos.length}
      isInfinite
      loading={<VideoGridSkeleton label={label} />}
      failed={<ListLoadFailure title="Videos could not be loaded." onRetry={() => void query.refetch()} />}
      empty={empty}
      moreClassName="video-grid__more"
    >
      <VideoGrid videos={videos} label={label} hidesAuthor={hidesAuthor} isBusy={query.isFetchingNextPage} />
    </PagedList>
  );
}
