import type { TAudio } from '@stagepass/contract/audio';
import { formatKwacha } from '../../../lib/money';
import { useAudioPerformance } from '../api/get-audio-performance';
import { sumReactions } from '../audio-format';

/**
 * A track's figures for its author, under its row: plays, listeners, reactions, unlocks and
 * what its unlocks earned (after the platform's fee). Loaded on first use.
 */
export default function AudioPerformance({ audio, onClose }: { audio: TAudio; onClose: () => void }) {
  const performance = useAudioPerformance(audio.audioId);
  const label = `Performance of ${audio.title}`;

  return (
    <section className="audio-performance" aria-label={label}>
      {performance.data ? (
        <dl className="audio-performance__figures">
          <Figure term="Plays" value={String(performance.data.plays)} />
          <Figure term="Listeners" value={String(performance.data.listeners)} />
          <Figure term="Reactions" value={String(sumReactions(performance.data.reactions))} />
          <Figure term="Unlocks" value={String(performance.data.unlocks)} />
          <Figure term="Earnings" value={formatKwacha(performance.data.earnings)} />
        </dl>
      ) : performance.isError ? (
        <div className="audio-performance__failure" role="alert">
          <p>The figures could not be loaded.</p>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => void performance.refetch()}
          >
            Try again
          </button>
        </div>
      ) : (
        <p className="audio-performance__loading" role="status">
          Loading the figures…
        </p>
      )}
      <button
        type="button"
        className="button button--secondary button--small audio-performance__close"
        onClick={onClose}
      >
        Hide performance
      </button>
    </section>
  );
}

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div className="audio-performance__figure">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
