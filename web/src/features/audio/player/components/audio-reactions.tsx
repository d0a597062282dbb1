import type { TAudio } from '@stagepass/contract/audio';
import { ReactionBar } from '../../../../ui/item/reaction-bar';
import { useReactToAudio } from '../../api/player-react-to-audio';
import { readPressedReaction } from '../audio-reactions-rules';

type AudioReactionsProps = { track: TAudio; isSignedIn: boolean; canReact: boolean };

/**
 * Love, Haha, Wow, Angry, Sad, each a toggle (aria-pressed) with its count. Only listeners who
 * may hear the whole track react (the server refuses the others); a visitor is asked to sign in.
 */
export function AudioReactions({ track, isSignedIn, canReact }: AudioReactionsProps) {
  const reactToAudio = useReactToAudio(track.audioId);
  return (
    <ReactionBar
      look="toggles"
      itemId={track.audioId}
      counts={track.reactionCounts}
      viewerReaction={track.viewerReaction}
      isSignedIn={isSignedIn}
      canReact={canReact}
      lockedNote="Unlock this track to react to it."
      onReact={(kind) => reactToAudio.mutate(readPressedReaction(track, kind))}
    />
  );
}
