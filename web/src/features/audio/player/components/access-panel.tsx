import type { TAudio } from '@stagepass/contract/audio';
import { isSoldAlone, LockPanel } from '../../../../ui/item/lock-panel';
import { ShareButton } from '../../../../ui/item/share-button';
import { hasFullAccess } from '../playback-source';

type AccessPanelProps = { track: TAudio; isPreviewOver: boolean };

/**
 * What the listener may do about access: the author shares the track; a listener without
 * access hears the preview and is offered the way in, the unlock for a pay-to-unlock track
 * (at its price) or the join-to-unlock flow for one kept for pass holders. Both open the
 * app's modals, which ask a visitor to sign in first.
 */
export function AccessPanel({ track, isPreviewOver }: AccessPanelProps) {
  if (track.profileInteraction === 'AUTHOR') {
    return (
      <div className="player-access">
        <ShareButton
          page={{ title: track.title, path: `/${track.author.pageId}/audio/${track.audioId}`, noun: 'track' }}
          className="button button--secondary"
          iconClassName="player-button-icon"
        />
      </div>
    );
  }
  if (hasFullAccess(track)) return null;

  return (
    <div className="player-access player-access--locked">
      <LockPanel
        item={{ ...track, itemId: track.audioId }}
        messageClassName="player-access__note"
        messageRole="status"
        message={
          isPreviewOver
            ? 'The 30-second preview has ended.'
            : isSoldAlone(track)
              ? 'You are hearing a 30-second preview. Unlock the track to hear it all.'
              : `You are hearing a 30-second preview. Join ${track.author.pageName} to hear it all.`
        }
      />
    </div>
  );
}
