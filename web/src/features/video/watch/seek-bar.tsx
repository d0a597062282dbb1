import { useRef, useState } from 'react';
import { formatClock, formatPositionText } from '../../../lib/format-clock';
import { findThumbnailAt, parseThumbnailCues, type ThumbnailCue } from './seek-thumbnails';

type SeekBarProps = {
  position: number;
  duration: number;
  hasStarted: boolean;
  onSeek: (seconds: number) => void;
  /** The thumbnail strip's cues; null for none (a preview, or while saving data). */
  thumbnailsUrl: string | null;
};

/** Where the pointer is over the bar: the moment it points at, and how far along the bar. */
type Pointing = { seconds: number; left: number; barWidth: number };

/**
 * The seek slider with the time, and above it, while a pointer moves over it or drags it,
 * the moment it points at: its time, and its frame from the thumbnail strip. The strip (a
 * few KB of cues, one sprite of 100–150 KB) is fetched the first time a pointer comes, never
 * before: most plays never seek. The preview is hidden from screen readers, which hear the
 * slider's own time.
 */
export function SeekBar({ position, duration, hasStarted, onSeek, thumbnailsUrl }: SeekBarProps) {
  const [pointing, setPointing] = useState<Pointing | null>(null);
  const thumbnails = useThumbnailCues(thumbnailsUrl);

  function point(event: React.PointerEvent<HTMLInputElement>) {
    if (!hasStarted || duration <= 0) return;
    const bar = event.currentTarget.getBoundingClientRect();
    const share = Math.min(1, Math.max(0, (event.clientX - bar.left) / bar.width));
    thumbnails.load();
    setPointing({ seconds: share * duration, left: share * bar.width, barWidth: bar.width });
  }

  const cue = pointing ? findThumbnailAt(thumbnails.cues, pointing.seconds) : undefined;
  return (
    <div className="video-controls__seek">
      <div className="video-seek">
        <input
          type="range"
          className="video-controls__seek-bar"
          aria-label="Seek"
          min={0}
          max={Math.max(1, Math.floor(duration))}
          step={1}
          value={Math.floor(position)}
          aria-valuetext={formatPositionText(position, duration)}
          disabled={!hasStarted}
          onChange={(event) => onSeek(Number(event.target.value))}
          onPointerMove={point}
          onPointerDown={point}
          onPointerLeave={() => setPointing(null)}
          onPointerCancel={() => setPointing(null)}
        />
        {pointing ? <SeekPreview pointing={pointing} cue={cue} /> : null}
      </div>
      <span className="video-controls__time">
        <time>{formatClock(position)}</time> / <time>{formatClock(duration)}</time>
      </span>
    </div>
  );
}

/** About the width of the time alone ('12:34'), when there is no frame. */
const TIME_ONLY_WIDTH = 48;

function SeekPreview({ pointing, cue }: { pointing: Pointing; cue: ThumbnailCue | undefined }) {
  const width = cue?.width ?? TIME_ONLY_WIDTH;
  // Centred on the pointer, kept within the bar.
  const left = Math.min(Math.max(0, pointing.left - width / 2), Math.max(0, pointing.barWidth - width));
  return (
    <div className="video-seek__preview" style={{ left, width }} aria-hidden="true">
      {cue ? (
        <div
          className="video-seek__frame"
          style={{
            width: cue.width,
            height: cue.height,
            backgroundImage: `url("${cue.spriteUrl}")`,
            backgroundPosition: `${-cue.x}px ${-cue.y}px`,
          }}
        />
      ) : null}
      <span className="video-seek__time">{formatClock(pointing.seconds)}</span>
    </div>
  );
}

/** The strip's cues, fetched once when `load` is first called; none if that fails. */
function useThumbnailCues(url: string | null): { cues: readonly ThumbnailCue[]; load: () => void } {
  const [cues, setCues] = useState<readonly ThumbnailCue[]>([]);
  const requested = useRef<string | null>(null);
  return {
    cues: requested.current === url ? cues : [],
    load: () => {
      if (!url || requested.current === url) return;
      requested.current = url;
      setCues([]);
      fetch(url)
        .then((response) => (response.ok ? response.text() : ''))
        .then((vtt) => {
          if (requested.current === url) setCues(parseThumbnailCues(vtt, url));
        })
        // No frames then: the time alone still shows.
        .catch(() => {});
    },
  };
}
