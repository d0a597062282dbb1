import type { TVideoRendition } from '@stagepass/contract/video';
import { useId } from 'react';
import {
  formatPerMinute,
  formatRenditionName,
  formatWholeVideoCost,
  listVideoRenditions,
} from '../video-format';
import { HeadphonesIcon } from './player-icons';

type DataChoicesProps = {
  renditions: readonly TVideoRendition[];
  /** The rung held, or null for 'Auto'. */
  height: number | null;
  onHeightChange: (height: number | null) => void;
  canPlayAudioOnly: boolean;
  isAudioOnly: boolean;
  onAudioOnlyChange: (isAudioOnly: boolean) => void;
  lowStartReason: string | null;
};

const AUTO = 'auto';

/**
 * What the video costs in data, before anyone presses play (a fan pays about US$8 a
 * gigabyte): each quality with its size a minute, the whole video at the chosen one, and
 * sound only, one tap away.
 */
export function DataChoices({
  renditions,
  height,
  onHeightChange,
  canPlayAudioOnly,
  isAudioOnly,
  onAudioOnlyChange,
  lowStartReason,
}: DataChoicesProps) {
  const qualityId = useId();
  const costId = useId();
  const rungs = listVideoRenditions(renditions);
  const sound = renditions.find((rendition) => rendition.name === 'audio');
  if (rungs.length === 0 && !canPlayAudioOnly) return null;
  return (
    <div className="data-choices">
      {rungs.length > 0 ? (
        <div className="data-choices__quality">
          <label className="data-choices__label" htmlFor={qualityId}>
            Quality
          </label>
          <select
            id={qualityId}
            aria-describedby={costId}
            value={height === null ? AUTO : String(height)}
            disabled={isAudioOnly}
            onChange={(event) =>
              onHeightChange(event.target.value === AUTO ? null : Number(event.target.value))
            }
          >
            <option value={AUTO}>Auto (as your connection allows)</option>
            {rungs.map((rung) => (
              <option key={rung.name} value={String(rung.height)}>
                {formatRenditionName(rung)} · {formatPerMinute(rung)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <p id={costId} className="data-choices__cost" aria-live="polite">
        {isAudioOnly && sound
          ? `Sound only: ${formatPerMinute(sound)}.`
          : formatWholeVideoCost(renditions, height)}
        {lowStartReason ? <span className="data-choices__reason"> {lowStartReason}</span> : null}
      </p>
      {canPlayAudioOnly ? (
        <button
          type="button"
          className="button button--secondary data-choices__audio"
          aria-pressed={isAudioOnly}
          onClick={() => onAudioOnlyChange(!isAudioOnly)}
        >
          <HeadphonesIcon />
          <span>Audio only</span>
          {sound ? <span className="data-choices__audio-cost">{formatPerMinute(sound)}</span> : null}
        </button>
      ) : null}
    </div>
  );
}
