import type { TVideo } from '@stagepass/contract/video';
import { readFailureMessage } from '../../../lib/form-request';
import { useConfirm } from '../../../lib/modals/use-confirm';
import { useModal } from '../../../lib/modals/use-modal';
import { toast } from '../../../lib/toast';
import type { MenuItem } from '../../../ui/menu-items';
import { EditIcon, ImageIcon, MoreIcon, TrashIcon } from '../../../ui/page-icons';
import { ResponsiveMenu } from '../../../ui/responsive-menu';
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
 * The author's menu of one video (a dropdown, or a bottom sheet on a phone): Edit (the
 * edit-episode modal), Performance, Remove cover when it has one, and Delete behind the
 * confirm alert. What the server answers is said in a toast.
 */
export function VideoOptions({ video, isPerformanceShown, onTogglePerformance }: VideoOptionsProps) {
  const confirm = useConfirm();
  const { openModal } = useModal();
  const deleteVideo = useDeleteVideo();
  const deleteMany = useDeleteManyVideos();
  const deleteCover = useDeleteVideoCover();
  const isSeries = video.type === 'series';

  async function askAndDelete() {
    const isConfirmed = await confirm({
      type: 'delete',
      title: isSeries ? 'Delete series' : 'Delete video',
      message: isSeries
        ? `“${video.title}” and its ${formatCount(video.episodesCount)} will be gone for good, with their files, reactions and views.`
        : `“${video.title}”, its files, reactions and views will be gone for good. Fans who unlocked it keep it in their history.`,
    });
    if (!isConfirmed) return;
    const publicId = readOwnPublicId(video);
    const said = {
      onSuccess: (answer: { message: string }) => toast.success(answer.message),
      onError: (error: Error) => toast.error(readFailureMessage(error)),
    };
    if (publicId) deleteVideo.mutate({ username: video.author.pageId, videoId: video._id, publicId }, said);
    else
      deleteMany.mutate(
        { username: video.author.pageId, queryKey: 'fetch_videos', videoIds: [video._id] },
        said,
      );
  }

  async function askAndRemoveCover(coverPublicId: string) {
    const isConfirmed = await confirm({
      type: 'delete',
      title: 'Remove cover',
      message: `The cover of “${video.title}” will be deleted; the video stays.`,
    });
    if (!isConfirmed) return;
    deleteCover.mutate(
      { videoId: video._id, coverPublicId },
      {
        onSuccess: (answer) => toast.success(answer.message),
        onError: (error) => toast.error(readFailureMessage(error)),
      },
    );
  }

  const items: MenuItem[] = [
    {
      kind: 'action',
      label: 'Edit',
      onSelect: () => openModal('edit-episode', { options: video._id }),
      icon: <EditIcon />,
    },
    {
      kind: 'action',
      label: isPerformanceShown ? 'Hide performance' : 'Performance',
      onSelect: onTogglePerformance,
      icon: <ChartIcon />,
    },
  ];
  const coverPublicId = video.cover_asset?.public_id ?? null;
  if (coverPublicId) {
    items.push({
      kind: 'action',
      label: 'Remove cover',
      onSelect: () => void askAndRemoveCover(coverPublicId),
      icon: <ImageIcon />,
    });
  }
  items.push({
    kind: 'action',
    label: isSeries ? 'Delete series' : 'Delete video',
    onSelect: () => void askAndDelete(),
    icon: <TrashIcon />,
    isDestructive: true,
  });

  return (
    <ResponsiveMenu
      label={`Options for ${video.title}`}
      sheetTitle={video.title}
      triggerClassName="icon-button manage-row__more"
      trigger={<MoreIcon />}
      items={items}
    />
  );
}

function formatCount(episodes: number): string {
  return `${episodes} episode${episodes === 1 ? '' : 's'}`;
}

function ChartIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 20h16M7 16v-5M12 16V6M17 16v-8" />
    </svg>
  );
}
