import type { TVideo } from '@stagepass/contract/video';
import { useModal } from '../../../lib/modals/use-modal';
import { ItemOptions } from '../../../ui/item/item-options';
import { EditIcon } from '../../../ui/page-icons';
import { useDeleteManyVideos, useDeleteVideo, useDeleteVideoCover } from '../api/delete-videos';

type VideoOptionsProps = {
  video: TVideo;
  isPerformanceShown: boolean;
  onTogglePerformance: () => void;
};

/** The public_id delete_video checks: the video's file, or for a series its videoId. */
function readOwnPublicId(video: TVideo): string | null {
  return video.type === 'series' ? video._id : (video.video_asset?.public_id ?? null);
}

/**
 * The author's menu of one video: Edit (the edit-episode modal), Performance, Remove cover
 * when it has one, and Delete behind the confirm alert.
 */
export function VideoOptions({ video, isPerformanceShown, onTogglePerformance }: VideoOptionsProps) {
  const { openModal } = useModal();
  const deleteVideo = useDeleteVideo();
  const deleteMany = useDeleteManyVideos();
  const deleteCover = useDeleteVideoCover();
  const isSeries = video.type === 'series';

  return (
    <ItemOptions
      title={video.title}
      noun="video"
      triggerClassName="icon-button manage-row__more"
      leadingItems={[
        {
          kind: 'action',
          label: 'Edit',
          onSelect: () => openModal('edit-episode', { options: video._id }),
          icon: <EditIcon />,
        },
      ]}
      isPerformanceShown={isPerformanceShown}
      onTogglePerformance={onTogglePerformance}
      coverPublicId={video.cover_asset?.public_id ?? null}
      onRemoveCover={(coverPublicId, toasts) =>
        deleteCover.mutate({ videoId: video._id, coverPublicId }, toasts)
      }
      deleteLabel={isSeries ? 'Delete series' : 'Delete video'}
      deleteMessage={
        isSeries
          ? `“${video.title}” and its ${formatCount(video.episodesCount)} will be gone for good, with their files, reactions and views.`
          : `“${video.title}”, its files, reactions and views will be gone for good. Fans who unlocked it keep it in their history.`
      }
      onDelete={(toasts) => {
        const publicId = readOwnPublicId(video);
        if (publicId) {
          deleteVideo.mutate({ username: video.author.pageId, videoId: video._id, publicId }, toasts);
        } else {
          deleteMany.mutate(
            { username: video.author.pageId, queryKey: 'fetch_videos', videoIds: [video._id] },
            toasts,
          );
        }
      }}
    />
  );
}

function formatCount(episodes: number): string {
  return `${episodes} episode${episodes === 1 ? '' : 's'}`;
}
