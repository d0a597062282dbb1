import type { TAudio } from '@stagepass/contract/audio';
import type { TReactionKind } from '@stagepass/contract/posts';
import { useModal } from '../../../../lib/modals/use-modal';
import { useReactToAudio } from '../../api/player-react-to-audio';
import { AUDIO_REACTIONS, readPressedReaction } from '../audio-reactions-rules';

type AudioReactionsProps = { track: TAudio; isSignedIn: boolean; canReact: boolean };

/**
 * Love, Haha, Wow, Angry, Sad, each a toggle (aria-pressed) with its count. Only listeners who
 * may hear the whole track react (the server refuses the others); a visitor is asked to sign in.
 */
export function AudioReactions({ track, isSignedIn, canReact }: AudioReactionsProps) {
  const { openModal } = useModal();
  const reactToAudio = useReactToAudio(track.audioId);

  function react(kind: TReactionKind) {
    if (!isSignedIn) {
      openModal('signin', { options: 'no-redirect' });
      return;
    }
    reactToAudio.mutate(readPressedReaction(track, kind));
  }

  return (
    <div className="player-reactions">
      <fieldset className="player-reactions__buttons">
        <legend className="visually-hidden">Reactions</legend>
        {AUDIO_REACTIONS.map(({ kind, emoji, label }) => (
          <button
            key={kind}
            type="button"
            className="player-reactions__button"
            aria-pressed={track.viewerReaction === kind}
            aria-describedby={canReact ? undefined : `player-reactions-note-${track.audioId}`}
            disabled={!canReact}
            onClick={() => react(kind)}
          >
            <span aria-hidden="true">{emoji}</span>
            <span className="visually-hidden">{label}</span>
            <span className="player-reactions__count">{track.reactionCounts[kind]}</span>
          </button>
        ))}
      </fieldset>
      {canReact ? null : (
        <p id={`player-reactions-note-${track.audioId}`} className="player-reactions__note">
          Unlock this track to react to it.
        </p>
      )}
    </div>
  );
}
