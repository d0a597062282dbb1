import type { TAudio } from '@stagepass/contract/audio';
import { readFailureMessage } from '../../../lib/form-request';
import { useConfirm } from '../../../lib/modals/use-confirm';
import { toast } from '../../../lib/toast';
import type { MenuItem } from '../../../ui/menu-items';
import { ImageIcon, MoreIcon, TrashIcon } from '../../../ui/page-icons';
import { ResponsiveMenu } from '../../../ui/responsive-menu';
import { useDeleteAudio } from '../api/delete-audio';
import { useDeleteAudioCover } from '../api/delete-audio-cover';

type TrackOptionsProps = {
  audio: TAudio;
  isPerformanceShown: boolean;
  onTogglePerformance: () => void;
  onDeleted: () => void;
};

/**
 * The author's menu of one track (a dropdown, or a bottom sheet on a phone): Performance,
 * Remove cover when it has one, and Delete track behind the confirm alert. What the server
 * answers to a removal or a deletion is said in a toast, as the spec says for delete-asset.
 */
export function TrackOptions({
  audio,
  isPerformanceShown,
  onTogglePerformance,
  onDeleted,
}: TrackOptionsProps) {
  const confirm = useConfirm();
  const deleteAudio = useDeleteAudio();
  const deleteCover = useDeleteAudioCover();
  const cover = audio.cover_asset;

  async function askAndDelete() {
    const isConfirmed = await confirm({
      type: 'delete',
      title: 'Delete track',
      message: `“${audio.title}”, its files, reactions and plays will be gone for good. Fans who unlocked it keep it in their history.`,
    });
    if (!isConfirmed) return;
    deleteAudio.mutate(
      { username: audio.author.pageId, audioId: audio.audioId, audioPublicId: audio.audio_asset.public_id },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onDeleted();
        },
        onError: (error) => toast.error(readFailureMessage(error)),
      },
    );
  }

  async function askAndRemoveCover(coverPublicId: string) {
    const isConfirmed = await confirm({
      type: 'delete',
      title: 'Remove cover',
      message: `The cover of “${audio.title}” will be deleted; the track stays.`,
    });
    if (!isConfirmed) return;
    deleteCover.mutate(
      { audioId: audio.audioId, coverPublicId },
      {
        onSuccess: (answer) => toast.success(answer.message),
        onError: (error) => toast.error(readFailureMessage(error)),
      },
    );
  }

  const items: MenuItem[] = [
    {
      kind: 'action',
      label: isPerformanceShown ? 'Hide performance' : 'Performance',
      onSelect: onTogglePerformance,
      icon: <ChartIcon />,
    },
  ];
  if (cover) {
    items.push({
      kind: 'action',
      label: 'Remove cover',
      onSelect: () => void askAndRemoveCover(cover.public_id),
      icon: <ImageIcon />,
    });
  }
  items.push({
    kind: 'action',
    label: 'Delete track',
    onSelect: () => void askAndDelete(),
    icon: <TrashIcon />,
    isDestructive: true,
  });

  return (
    <ResponsiveMenu
      label={`Options for ${audio.title}`}
      sheetTitle={audio.title}
      triggerClassName="icon-button audio-track__more"
      trigger={<MoreIcon />}
      items={items}
    />
  );
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
