import type { TReactionKind } from '@stagepass/contract/posts';
import { useModal } from '../../lib/modals/use-modal';
import { ReactionPicker } from './reaction-picker';
import { countReactions, REACTIONS, type ReactionCounts } from './reactions';
import './reaction-bar.css';

type ReactionBarProps = {
  counts: ReactionCounts;
  viewerReaction: TReactionKind | null;
  isSignedIn: boolean;
  /** The viewer may react now: the item is open to them (and its reactions are on). */
  canReact: boolean;
  /** A signed-in viewer's press; a visitor is asked to sign in instead. */
  onReact: (kind: TReactionKind) => void;
  /**
   * 'picker' (an item in a feed): the Like button with the five in its popper, and the
   * counts that are more than nothing; 'toggles' (a player): the five as toggles with their
   * counts, shown but disabled for a viewer who may not react, with `lockedNote` under them.
   */
  look: 'picker' | 'toggles';
  /** Under the toggles a viewer may not press: why ('Unlock this track to react to it.'). */
  lockedNote?: string;
  /** Unique on the page: names the note the disabled toggles point to. */
  itemId: string;
};

/** The reactions of an item of any kind: what each reaction counts, and how to add one's own. */
export function ReactionBar({
  counts,
  viewerReaction,
  isSignedIn,
  canReact,
  onReact,
  look,
  lockedNote,
  itemId,
}: ReactionBarProps) {
  const { openModal } = useModal();
  function react(kind: TReactionKind) {
    if (!isSignedIn) {
      openModal('signin', { options: 'no-redirect' });
      return;
    }
    onReact(kind);
  }

  if (look === 'picker') {
    return (
      <>
        {canReact ? <ReactionPicker viewerReaction={viewerReaction} onReact={react} /> : null}
        {countReactions(counts) > 0 ? (
          <ul className="reaction-counts" aria-label="Reactions">
            {REACTIONS.filter(({ kind }) => counts[kind] > 0).map(({ kind, emoji, label }) => (
              <li key={kind} className="reaction-counts__count">
                <span aria-hidden="true">{emoji}</span>
                <span className="visually-hidden">{label}: </span>
                {counts[kind]}
              </li>
            ))}
          </ul>
        ) : null}
      </>
    );
  }

  const noteId = `reaction-note-${itemId}`;
  return (
    <div className="reaction-toggles">
      <fieldset className="reaction-toggles__buttons">
        <legend className="visually-hidden">Reactions</legend>
        {REACTIONS.map(({ kind, emoji, label }) => (
          <button
            key={kind}
            type="button"
            className="reaction-toggles__button"
            aria-pressed={viewerReaction === kind}
            aria-describedby={canReact ? undefined : noteId}
            disabled={!canReact}
            onClick={() => react(kind)}
          >
            <span aria-hidden="true">{emoji}</span>
            <span className="visually-hidden">{label}</span>
            <span className="reaction-toggles__count">{counts[kind]}</span>
          </button>
        ))}
      </fieldset>
      {canReact || !lockedNote ? null : (
        <p id={noteId} className="reaction-toggles__note">
          {lockedNote}
        </p>
      )}
    </div>
  );
}
