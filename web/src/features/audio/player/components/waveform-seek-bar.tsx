import { type KeyboardEvent, type PointerEvent, useId, useMemo, useRef, useState } from 'react';
import { formatClock, formatPositionText } from '../../../../lib/format-clock';
import { readSeekKeyTarget } from '../seek-keys';
import { toWaveformBars } from '../waveform-bars';

const BAR_COUNT = 96;
const BAR_STEP = 3;
const BAR_WIDTH = 2;
const HEIGHT = 48;

type WaveformSeekBarProps = {
  peaks: readonly number[];
  position: number;
  /** The whole track's length, in seconds (0 while unknown). */
  duration: number;
  canSeek: boolean;
  /** Where a preview stops: the bars after it are drawn faint. */
  limitSeconds: number | null;
  onSeek: (seconds: number) => void;
};

/** The bars as one path, drawn once per waveform (only the clips move with playback). */
function toBarsPath(bars: readonly number[]): string {
  return bars
    .map((height, index) => {
      const barHeight = Math.max(1.5, height * HEIGHT);
      const y = (HEIGHT - barHeight) / 2;
      return `M${index * BAR_STEP} ${y.toFixed(2)}h${BAR_WIDTH}v${barHeight.toFixed(2)}h-${BAR_WIDTH}z`;
    })
    .join('');
}

/**
 * The seek bar, drawn as the track's waveform with what was played in the accent colour: a
 * slider (arrows ±5 s, Page Up and Down ±30 s, Home, End; a tap or a drag with a pointer)
 * that speaks its value as '1:05 of 3:00'. On a preview it stays focusable so its value can
 * be read, but it is disabled: no key, tap or drag moves playback.
 */
export function WaveformSeekBar({
  peaks,
  position,
  duration,
  canSeek,
  limitSeconds,
  onSeek,
}: WaveformSeekBarProps) {
  const clipId = useId();
  const [dragPosition, setDragPosition] = useState<number | null>(null);
  const sliderRef = useRef<HTMLDivElement>(null);
  const path = useMemo(() => toBarsPath(toWaveformBars(peaks, BAR_COUNT)), [peaks]);
  const width = BAR_COUNT * BAR_STEP;
  const shown = Math.min(duration, Math.max(0, dragPosition ?? position));
  const toX = (seconds: number) => (duration > 0 ? (Math.min(seconds, duration) / duration) * width : 0);
  const limitX = limitSeconds !== null && duration > limitSeconds ? toX(limitSeconds) : null;

  function readPointerSeconds(event: PointerEvent<HTMLDivElement>): number {
    const box = event.currentTarget.getBoundingClientRect();
    const fraction = box.width > 0 ? (event.clientX - box.left) / box.width : 0;
    return Math.min(1, Math.max(0, fraction)) * duration;
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const target = readSeekKeyTarget(event.key, { position, duration, canSeek });
    if (target === null) return;
    event.preventDefault();
    onSeek(target);
  }

  function handlePointerDown(event: PointerEvent<HTMLDivElement>) {
    if (!canSeek || !(duration > 0) || event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    sliderRef.current?.focus();
    setDragPosition(readPointerSeconds(event));
  }

  function handlePointerMove(event: PointerEvent<HTMLDivElement>) {
    if (dragPosition !== null) setDragPosition(readPointerSeconds(event));
  }

  function handlePointerUp(event: PointerEvent<HTMLDivElement>) {
    if (dragPosition === null) return;
    onSeek(readPointerSeconds(event));
    setDragPosition(null);
  }

  return (
    <div className="waveform">
      <div
        ref={sliderRef}
        className="waveform__slider"
        role="slider"
        tabIndex={0}
        aria-label="Seek"
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.round(shown)}
        aria-valuetext={formatPositionText(shown, duration)}
        aria-disabled={canSeek ? undefined : true}
        onKeyDown={handleKeyDown}
        onPointerDown={handlePointerDown}
        onPointerMove={handlePointerMove}
        onPointerUp={handlePointerUp}
        onPointerCancel={() => setDragPosition(null)}
      >
        <svg
          className="waveform__bars"
          viewBox={`0 0 ${width} ${HEIGHT}`}
          preserveAspectRatio="none"
          aria-hidden="true"
          focusable="false"
        >
          <defs>
            <clipPath id={`${clipId}-played`}>
              <rect x="0" y="0" width={toX(shown)} height={HEIGHT} />
            </clipPath>
            <clipPath id={`${clipId}-open`}>
              <rect x="0" y="0" width={limitX ?? width} height={HEIGHT} />
            </clipPath>
            {limitX !== null ? (
              <clipPath id={`${clipId}-locked`}>
                <rect x={limitX} y="0" width={width - limitX} height={HEIGHT} />
              </clipPath>
            ) : null}
          </defs>
          <path className="waveform__rest" d={path} clipPath={`url(#${clipId}-open)`} />
          {limitX !== null ? (
            <>
              <path className="waveform__locked" d={path} clipPath={`url(#${clipId}-locked)`} />
              <rect className="waveform__limit" x={limitX - 0.5} y="0" width="1" height={HEIGHT} />
            </>
          ) : null}
          <path className="waveform__played" d={path} clipPath={`url(#${clipId}-played)`} />
        </svg>
      </div>
      <div className="waveform__times" aria-hidden="true">
        <span>{formatClock(shown)}</span>
        <span>{formatClock(duration)}</span>
      </div>
    </div>
  );
}
