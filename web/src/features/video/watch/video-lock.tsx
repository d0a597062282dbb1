import type { TVideo } from '@stagepass/contract/video';
import { formatKwacha } from '../../../lib/money';
import { isSoldAlone, LockPanel, useOpenItemLock } from '../../../ui/item/lock-panel';

type VideoLockProps = {
  video: TVideo;
  /** The episode's series, when it has one. */
  series: TVideo | null;
  isPreviewOver: boolean;
};

/**
 * What a viewer without access may do: they watch the 30-second preview, and are offered
 * the way in: the unlock of a pay-to-unlock video at its price, or the join flow of its
 * creator for one kept for pass holders; for an episode of a series sold whole, the whole
 * series too. The modals ask a visitor to sign in first.
 */
export function VideoLock({ video, series, isPreviewOver }: VideoLockProps) {
  const openLock = useOpenItemLock();
  if (video.hasPaid) return null;
  const sellsSeries =
    series !== null && !series.hasPaid && series.lockReason === 'pay-to-unlock' && series.price !== null;
  const note = isPreviewOver
    ? 'The 30-second preview has ended.'
    : isSoldAlone(video)
      ? 'You are watching a 30-second preview. Unlock the video to watch it all.'
      : `You are watching a 30-second preview. Join ${video.author.pageName} to watch it all.`;
  return (
    <div className="video-lock">
      <LockPanel
        item={{ ...video, itemId: video._id }}
        message={note}
        messageClassName="video-lock__note"
        messageRole="status"
        hasIcon
      />
      {sellsSeries && series ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => openLock({ ...series, itemId: series._id })}
        >
          Unlock the whole series for {formatKwacha(series.price ?? 0)}
        </button>
      ) : null}
    </div>
  );
}
