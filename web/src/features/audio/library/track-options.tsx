import type { TAudio } from '@stagepass/contract/audio';
import { ItemOptions } from '../../../ui/item/item-options';
import { useDeleteAudio } from '../api/delete-audio';
import { useDeleteAudioCover } from '../api/delete-audio-cover';

type TrackOptionsProps = {
  audio: TAudio;
  isPerformanceShown: boolean;
  onTogglePerformance: () => void;
  onDeleted: () => void;
};

/**
 * The author's menu of one track: Performance, Remove cover when it has one, and Delete
 * track behind the confirm alert. What the server answers to a removal or a deletion is said
 * in a toast, as the spec says for delete-asset.
 */
export function TrackOptions({
  audio,
  isPerformanceShown,
  onTogglePerformance,
  onDeleted,
}: TrackOptionsProps) {
  const deleteAudio = useDeleteAudio();
  const deleteCover = useDeleteAudioCover();

  return (
    <ItemOptions
      title={audio.title}
      noun="track"
      triggerClassName="icon-button audio-track__more"
      isPerformanceShown={isPerformanceShown}
      onTogglePerformance={onTogglePerformance}
      coverPublicId={audio.cover_asset?.public_id ?? null}
      onRemoveCover={(coverPublicId, toasts) =>
        deleteCover.mutate({ audioId: audio.audioId, coverPublicId }, toasts)
      }
      deleteLabel="Delete track"
      deleteMessage={`“${audio.title}”, its files, reactions and plays will be gone for good. Fans who unlocked it keep it in their history.`}
      onDelete={(toasts) =>
        deleteAudio.mutate(
          {
            username: audio.author.pageId,
            audioId: audio.audioId,
            audioPublicId: audio.audio_asset.public_id,
          },
          {
            onSuccess: (answer) => {
              toasts.onSuccess(answer);
              onDeleted();
            },
            onError: toasts.onError,
          },
        )
      }
    />
  );
}
