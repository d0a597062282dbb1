import './audio-library.css';

/** The spec's "Audio list skeleton count 10". */
export const AUDIO_SKELETON_COUNT = 10;

/**
 * What stands in for a list of tracks while its first page (or the panel's code) loads: ten
 * rows shaped like tracks. Small and without the list's code, so the app can show it while
 * the Audio panel's chunk is still on its way.
 */
export function AudioSkeletons({ label, isCompact = false }: { label: string; isCompact?: boolean }) {
  return (
    <>
      <p role="status" className="visually-hidden">
        Loading tracks…
      </p>
      <ul
        className={isCompact ? 'audio-list audio-list--compact' : 'audio-list'}
        aria-label={label}
        aria-busy="true"
      >
        {Array.from({ length: AUDIO_SKELETON_COUNT }, (_, index) => (
          <li
            key={index}
            className="audio-track audio-track--skeleton"
            aria-hidden="true"
            data-testid="audio-skeleton"
          >
            <div className="audio-track__row">
              <span className="audio-track__cover audio-skeleton" />
              <span className="audio-track__text">
                <span className="audio-skeleton audio-skeleton--title" />
                <span className="audio-skeleton audio-skeleton--line" />
              </span>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
