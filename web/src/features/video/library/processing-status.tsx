import type { TVideo } from '@stagepass/contract/video';
import { useEffect, useRef } from 'react';
import { useVideo } from '../api/get-video';

type ProcessingStatusProps = {
  videoId: string;
  /** The video is ready (read again by whoever shows it). */
  onReady?: (video: TVideo) => void;
};

/**
 * A new video being made, as its author sees it: the share done (read again every two
 * seconds from fetch_video), then ready or the reason it failed. Screen readers hear each
 * step of ten and the outcome, not every percent.
 */
export function ProcessingStatus({ videoId, onReady }: ProcessingStatusProps) {
  const query = useVideo(videoId);
  const video = query.data?.video;
  const readyRef = useRef(onReady);
  readyRef.current = onReady;
  const status = video?.status;
  useEffect(() => {
    if (video && status === 'ready') readyRef.current?.(video);
  }, [status, video]);

  if (!video) {
    return (
      <p className="processing-status" role="status">
        {query.isError ? 'The progress could not be read. It goes on meanwhile.' : 'Reading the progress…'}
      </p>
    );
  }
  if (video.status === 'failed') {
    return (
      <div className="processing-status processing-status--failed" role="alert">
        <p className="processing-status__title">This video could not be processed.</p>
        {video.failureReason ? <p className="processing-status__reason">{video.failureReason}</p> : null}
      </div>
    );
  }
  if (video.status === 'ready') {
    return (
      <p className="processing-status processing-status--ready" role="status">
        Your video is ready.
      </p>
    );
  }
  const percent = video.processingProgress;
  return (
    <div className="processing-status">
      <p className="processing-status__title">Processing the video: {percent} %</p>
      <progress
        className="processing-status__bar"
        max={100}
        value={percent}
        aria-label="Processing the video"
      />
      <p className="visually-hidden" role="status">
        {`Processing: ${Math.floor(percent / 10) * 10} %`}
      </p>
      <p className="processing-status__hint">
        Making its qualities, its poster and its preview. You may leave this page: it goes on.
      </p>
    </div>
  );
}
