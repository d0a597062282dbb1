import type { TVideo } from '@stagepass/contract/video';
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatClock } from '../../../lib/format-clock';
import { toast } from '../../../lib/toast';
import { PlayIcon } from '../../../ui/player-icons';
import { DataChoices } from './data-choices';
import { readShortcut, type ShortcutAction, toKeyPress } from './keyboard-shortcuts';
import { SKIP_BACK_SECONDS, SKIP_FORWARD_SECONDS } from './player-constants';
import { PlayerControls } from './player-controls';
import { useIsFullscreen, useMediaState } from './use-media-state';
import { useVideoMediaSession } from './use-video-media-session';
import { readStartAt, useVideoSource } from './use-video-source';
import { useViewReporter } from './use-view-reporter';

export type VideoPlayerProps = {
  video: TVideo;
  resumeAt: number;
  /** Saving data: the lowest rung first, held until the viewer chooses. */
  startsAtLowest: boolean;
  /** Why it starts low, said beside the quality picker; null when it does not. */
  lowStartReason: string | null;
  /** Arrived from the end of the episode before: plays at once. */
  shouldAutoPlay: boolean;
  /** The episode after this one; null at the last, or for a stand-alone video. */
  next: { id: string; title: string } | null;
  onNext: () => void;
  /** The preview a locked viewer watches has reached its end. */
  onPreviewEnded: () => void;
};

/**
 * The watch page's player: the <video> with its poster, a Play button over it before the
 * first play (nothing downloads until then), the controls (the spec's 10 s back and 30 s
 * forward, its rates, sound, picture-in-picture, full screen), the quality with its data
 * cost and sound only, the keyboard shortcuts anywhere on the page, the lock screen's
 * controls, and the reports of what was watched. At the end of an episode the next starts.
 */
export function VideoPlayer({
  video,
  resumeAt,
  startsAtLowest,
  lowStartReason,
  shouldAutoPlay,
  next,
  onNext,
  onPreviewEnded,
}: VideoPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const playerRef = useRef<HTMLElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const source = useVideoSource(videoRef, {
    video,
    startsAtLowest,
    resumeAt,
    onFatalError: () => setFailure('This video could not be played. Check your connection and try again.'),
  });
  const media = useMediaState(videoRef);
  const isFullscreen = useIsFullscreen(playerRef);
  useViewReporter(videoRef, video._id);
  const stream = video.stream;
  const duration = Number.isFinite(media.duration) ? media.duration : (stream?.duration ?? 0);
  const startAt = readStartAt(resumeAt, stream?.duration ?? null);

  const play = useCallback(() => {
    setFailure(null);
    source.start();
  }, [source]);
  const pause = useCallback(() => videoRef.current?.pause(), []);
  const togglePlay = useCallback(() => {
    const element = videoRef.current;
    if (!element) return;
    if (!source.hasStarted || element.paused || element.ended) play();
    else element.pause();
  }, [source.hasStarted, play]);
  const skip = useCallback((seconds: number) => {
    const element = videoRef.current;
    if (!element || !Number.isFinite(element.duration)) return;
    element.currentTime = Math.min(element.duration, Math.max(0, element.currentTime + seconds));
  }, []);
  const seekTo = useCallback((seconds: number) => {
    const element = videoRef.current;
    if (element && Number.isFinite(element.duration)) element.currentTime = seconds;
  }, []);
  const toggleMute = useCallback(() => {
    const element = videoRef.current;
    if (element) element.muted = !element.muted;
  }, []);
  const toggleFullscreen = useCallback(() => {
    const player = playerRef.current;
    if (!player) return;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    else void player.requestFullscreen?.().catch(() => toast.error('Full screen is not available here.'));
  }, []);

  // Space, K, J, L, the arrows, F and M anywhere on the page, unless the key is someone else's.
  const actionsRef = useRef<Record<ShortcutAction, () => void>>(null!);
  actionsRef.current = {
    'toggle-play': togglePlay,
    'skip-back': () => skip(-SKIP_BACK_SECONDS),
    'skip-forward': () => skip(SKIP_FORWARD_SECONDS),
    fullscreen: toggleFullscreen,
    mute: toggleMute,
  };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const action = readShortcut(toKeyPress(event));
      if (!action) return;
      event.preventDefault();
      actionsRef.current[action]();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  useVideoMediaSession(videoRef, {
    video,
    canSeek: source.hasStarted,
    onPlay: play,
    onPause: pause,
    onSkip: skip,
    onSeekTo: seekTo,
    onNext: next ? onNext : null,
  });

  // Arrived from the end of the episode before: this one goes on at once.
  const hasAutoPlayed = useRef(false);
  useEffect(() => {
    if (!shouldAutoPlay || hasAutoPlayed.current) return;
    hasAutoPlayed.current = true;
    play();
  }, [shouldAutoPlay, play]);

  const onEnded = () => {
    if (source.mode === 'preview') onPreviewEnded();
    else if (next) onNext();
  };

  const poster = stream?.poster_url ?? video.cover_url ?? undefined;
  return (
    <section
      ref={playerRef}
      className={isFullscreen ? 'video-player video-player--fullscreen' : 'video-player'}
      aria-label="Video player"
    >
      <div className="video-player__screen">
        {/* biome-ignore lint/a11y/useMediaCaption: creators upload no captions yet; the player offers none. */}
        <video
          ref={videoRef}
          className="video-player__video"
          poster={poster}
          playsInline
          preload="none"
          aria-label={video.title}
          onClick={togglePlay}
          onEnded={onEnded}
          onError={() => {
            if (source.hasStarted)
              setFailure('This video could not be played. Check your connection and try again.');
          }}
        />
        {source.hasStarted ? null : (
          <button type="button" className="video-player__start" onClick={play}>
            <PlayIcon className="video-player__start-icon" />
            <span>
              {source.mode === 'preview'
                ? 'Play the preview'
                : startAt > 0
                  ? `Resume at ${formatClock(startAt)}`
                  : 'Play'}
            </span>
          </button>
        )}
        {source.isAudioOnly ? (
          <p className="video-player__badge" aria-hidden="true">
            Audio only
          </p>
        ) : source.mode === 'preview' ? (
          <p className="video-player__badge" aria-hidden="true">
            Preview
          </p>
        ) : null}
      </div>
      <PlayerControls
        media={media}
        duration={duration}
        hasStarted={source.hasStarted}
        // Frames over the seek bar cost data: not for a viewer saving it.
        thumbnailsUrl={source.mode === 'preview' || startsAtLowest ? null : (stream?.thumbnails_url ?? null)}
        isFullscreen={isFullscreen}
        canPictureInPicture={!source.isAudioOnly}
        videoRef={videoRef}
        onTogglePlay={togglePlay}
        onSkip={skip}
        onSeek={seekTo}
        onToggleMute={toggleMute}
        onToggleFullscreen={toggleFullscreen}
      />
      {failure ? (
        <p className="video-player__failure" role="alert">
          {failure}
        </p>
      ) : null}
      {source.mode === 'preview' ? null : (
        <DataChoices
          renditions={stream?.renditions ?? []}
          height={source.height}
          onHeightChange={source.chooseHeight}
          canPlayAudioOnly={source.canPlayAudioOnly}
          isAudioOnly={source.isAudioOnly}
          onAudioOnlyChange={source.setIsAudioOnly}
          lowStartReason={lowStartReason}
        />
      )}
    </section>
  );
}
