import type { TAudio } from '@stagepass/contract/audio';
import { formatKwacha } from '../../../lib/money';
import {
  PerformanceFigures,
  PerformanceLoadFailure,
  PerformanceLoading,
} from '../../../ui/item/performance-figures';
import { countReactions } from '../../../ui/item/reactions';
import { useAudioPerformance } from '../api/get-audio-performance';

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
        <PerformanceFigures
          className="audio-performance__figures"
          figureClassName="audio-performance__figure"
          figures={[
            { term: 'Plays', value: String(performance.data.plays) },
            { term: 'Listeners', value: String(performance.data.listeners) },
            { term: 'Reactions', value: String(countReactions(performance.data.reactions)) },
            { term: 'Unlocks', value: String(performance.data.unlocks) },
            { term: 'Earnings', value: formatKwacha(performance.data.earnings) },
          ]}
        />
      ) : performance.isError ? (
        <PerformanceLoadFailure
          className="audio-performance__failure"
          onRetry={() => void performance.refetch()}
        />
      ) : (
        <PerformanceLoading className="audio-performance__loading" />
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
