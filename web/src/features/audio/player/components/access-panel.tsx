import type { TAudio } from '@stagepass/contract/audio';
import { useModal } from '../../../../lib/modals/use-modal';
import { formatKwacha } from '../../../../lib/money';
import { ShareIcon } from '../../../../ui/page-icons';
import { hasFullAccess } from '../playback-source';
import { shareTrack } from '../share-track';

type AccessPanelProps = { track: TAudio; isPreviewOver: boolean };

/**
 * What the listener may do about access: the author shares the track; a listener without
 * access hears the preview and is offered the way in, the unlock for a pay-to-unlock track
 * (at its price) or the join-to-unlock flow for one kept for pass holders. Both open the
 * app's modals, which ask a visitor to sign in first.
 */
export function AccessPanel({ track, isPreviewOver }: AccessPanelProps) {
  const openAccess = useOpenAccess();
  const path = `/${track.author.pageId}/audio/${track.audioId}`;

  if (track.profileInteraction === 'AUTHOR') {
    return (
      <div className="player-access">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void shareTrack({ title: track.title, path })}
        >
          <ShareIcon className="player-button-icon" /> Share
        </button>
      </div>
    );
  }
  if (hasFullAccess(track)) return null;

  const isForSale = track.lockReason === 'pay-to-unlock';
  return (
    <div className="player-access player-access--locked">
      <p className="player-access__note" role="status">
        {isPreviewOver
          ? 'The 30-second preview has ended.'
          : isForSale
            ? 'You are hearing a 30-second preview. Unlock the track to hear it all.'
            : `You are hearing a 30-second preview. Join ${track.author.pageName} to hear it all.`}
      </p>
      <button type="button" className="button button--primary" onClick={() => openAccess(track)}>
        {readAccessLabel(track)}
      </button>
    </div>
  );
}

/** The way in for a listener who hears only the preview: 'Unlock for K7.50' or 'Join to unlock'. */
export function readAccessLabel(track: Pick<TAudio, 'lockReason' | 'price'>): string {
  if (track.lockReason !== 'pay-to-unlock') return 'Join to unlock';
  return track.price !== null ? `Unlock for ${formatKwacha(track.price)}` : 'Unlock';
}

/** Opens that way in: the unlock of a pay-to-unlock track, the join flow for a pass holders' one. */
export function useOpenAccess() {
  const { openModal } = useModal();
  return (track: Pick<TAudio, 'audioId' | 'lockReason' | 'author'>) =>
    track.lockReason === 'pay-to-unlock'
      ? openModal('unlock-exclusive-content', { options: track.audioId })
      : openModal('join-to-unlock', { options: track.author.pageId });
}
