// The parts of an item's performance panel (a video's, a track's) that read alike: the
// figures, and what it says while they load or when they could not be loaded.

type PerformanceFiguresProps = {
  className: string;
  /** The class of each term and value pair. */
  figureClassName: string;
  label?: string;
  figures: { term: string; value: string }[];
};

export function PerformanceFigures({ className, figureClassName, label, figures }: PerformanceFiguresProps) {
  return (
    <dl className={className} aria-label={label}>
      {figures.map(({ term, value }) => (
        <div key={term} className={figureClassName}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PerformanceLoadFailure({ className, onRetry }: { className: string; onRetry: () => void }) {
  return (
    <div className={className} role="alert">
      <p>The figures could not be loaded.</p>
      <button type="button" className="button button--secondary button--small" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

export function PerformanceLoading({ className }: { className: string }) {
  return (
    <p className={className} role="status">
      Loading the figures…
    </p>
  );
}
