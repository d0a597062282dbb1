import type { TPost } from '@stagepass/contract/posts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { readIsDataSaverOn } from '../../../lib/data-saver';
import { postsQueryKey } from '../../../lib/items/item-query-keys';
import { attachStream } from '../../../lib/video/attach-stream';
import { readConnectionHints, shouldStartAtLowest } from '../../../lib/video/data-plan';
import { isSoldAlone, LockPanel, readLockOffer } from '../../../ui/item/lock-panel';
import { RoundedPlayIcon } from '../../../ui/player-icons';

const MEDIA_NOUNS = { photo: 'photo', video: 'video', text: 'post' } as const;

/** The post's photo or video, or what stands in for it: processing, failed, or locked. */
export function PostMedia({ post }: { post: TPost }) {
  const noun = MEDIA_NOUNS[post.type];
  if (post.isLocked) return <LockedMedia post={post} />;
  if (post.type === 'text') return null;
  if (post.media?.status === 'processing') {
    return (
      <div className="post-media post-media--notice" role="status">
        <span className="post-media__spinner" aria-hidden="true" />
        <p>Processing your {noun}… It shows here once it is ready.</p>
      </div>
    );
  }
  if (post.media?.status === 'failed') {
    return (
      <div className="post-media post-media--notice post-media--failed">
        <p>
          This {noun} could not be processed{post.media.failureReason ? `: ${post.media.failureReason}` : '.'}
        </p>
      </div>
    );
  }
  const { image, video } = post.postAssets;
  if (post.type === 'photo' && image?.secure_url) {
    return (
      <PostPhoto
        url={image.secure_url}
        mobileUrl={image.mobile_url}
        placeholderUrl={image.placeholder_url}
        alt={`Post by ${post.author.pageName}`}
      />
    );
  }
  if (post.type === 'video' && video?.secure_url) {
    return (
      <PostVideo
        url={video.secure_url}
        poster={video.poster ?? undefined}
        authorName={post.author.pageName}
      />
    );
  }
  return null;
}

/**
 * The full video, streamed (HLS: 240p to 720p and audio only) from an address under a
 * folder token that lives a few hours. Until the viewer presses play it is the poster and
 * a play button: the stream, and hls.js where the browser needs it (lib/video), load only
 * then, so a feed of videos costs neither data nor JavaScript. An address that stops
 * working (expired while paused for hours) makes the posts be read again, which issues a
 * new one while the viewer still has the rights, and the video goes on from where it was.
 */
function PostVideo({
  url,
  poster,
  authorName,
}: {
  url: string;
  poster: string | undefined;
  authorName: string;
}) {
  const queryClient = useQueryClient();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [isStarted, setIsStarted] = useState(false);
  const resumeRef = useRef<{ failedUrl: string; at: number; isPlaying: boolean } | null>(null);

  useEffect(() => {
    const element = videoRef.current;
    if (!isStarted || !element) return;
    const onFatalError = () => {
      if (resumeRef.current?.failedUrl === url) return;
      resumeRef.current = { failedUrl: url, at: element.currentTime, isPlaying: !element.paused };
      void queryClient.invalidateQueries({ queryKey: postsQueryKey });
    };
    let detach: (() => void) | undefined;
    let isGone = false;
    const startAtLowest = shouldStartAtLowest(readConnectionHints(), { isDataSaverOn: readIsDataSaverOn() });
    void attachStream(element, url, { startAtLowest, onFatalError }).then((stop) => {
      if (isGone) {
        stop();
        return;
      }
      detach = stop;
      const resume = resumeRef.current;
      if (resume && resume.failedUrl !== url) {
        resumeRef.current = null;
        element.currentTime = resume.at;
        if (resume.isPlaying) element.play().catch(() => {});
      } else if (!resume) {
        element.play().catch(() => {});
      }
    });
    return () => {
      isGone = true;
      detach?.();
    };
  }, [isStarted, url, queryClient]);

  return (
    <div className="post-media post-video-player">
      {/* biome-ignore lint/a11y/useMediaCaption: creators' uploads come without caption tracks. */}
      <video
        ref={videoRef}
        className="post-video"
        controls={isStarted}
        preload="none"
        playsInline
        poster={poster}
        aria-label={`Video by ${authorName}`}
      />
      {isStarted ? null : (
        <button
          type="button"
          className="post-video__play"
          aria-label={`Play ${authorName}’s video`}
          onClick={() => setIsStarted(true)}
        >
          <RoundedPlayIcon />
        </button>
      )}
    </div>
  );
}

type PostPhotoProps = { url: string; mobileUrl: string | null; placeholderUrl: string | null; alt: string };

/**
 * The 686×386 photo (the 200 px-high variant on phones), over its tiny blurred placeholder
 * until the real one has loaded.
 */
function PostPhoto({ url, mobileUrl, placeholderUrl, alt }: PostPhotoProps) {
  const [isLoaded, setIsLoaded] = useState(false);
  return (
    <div className="post-media post-photo">
      {placeholderUrl && !isLoaded ? (
        <img className="post-photo__placeholder" src={placeholderUrl} alt="" aria-hidden="true" />
      ) : null}
      <picture>
        {mobileUrl ? <source media="(max-width: 599px)" srcSet={mobileUrl} /> : null}
        <img
          className={isLoaded ? 'post-photo__image post-photo__image--loaded' : 'post-photo__image'}
          src={url}
          alt={alt}
          width={686}
          height={386}
          loading="lazy"
          decoding="async"
          onLoad={() => setIsLoaded(true)}
        />
      </picture>
    </div>
  );
}

/**
 * A post the viewer cannot see yet: the blurred placeholder (or a plain panel), a video's
 * 30-second preview, or a text's few blurred lines under its teaser; then a lock with what
 * opens it, and the button to the right modal: unlock-exclusive-content for a pay-to-unlock
 * post (its price), join-to-unlock for a post for pass holders.
 */
function LockedMedia({ post }: { post: TPost }) {
  const item = { ...post, itemId: post.postId };
  // What opens the post: its own unlock (a pass never opens a pay-to-unlock post), or a pass.
  const isPaid = isSoldAlone(post);
  const words = isPaid
    ? post.price != null
      ? readLockOffer(post)
      : 'Unlock this post'
    : `For pass holders of ${post.author.pageName}`;
  const placeholder = post.postAssets.image?.placeholder_url ?? post.postAssets.video?.placeholder_url;
  const preview = post.type === 'video' ? post.postAssets.video?.preview : null;
  const lock = (
    <LockPanel
      item={item}
      message={words}
      messageClassName="post-media__lock-text"
      buttonLabel={isPaid ? 'Unlock' : 'Join to unlock'}
      hasIcon
      asksSignInFirst
    />
  );
  if (preview) {
    // A video's first 30 seconds, cut on the server: the full file's address never comes.
    return (
      <div className="post-media post-media--preview">
        {/* biome-ignore lint/a11y/useMediaCaption: creators' uploads come without caption tracks. */}
        <video
          className="post-video"
          controls
          preload="metadata"
          playsInline
          poster={post.postAssets.video?.poster ?? undefined}
          src={preview}
          aria-label={`30-second preview of a video by ${post.author.pageName}`}
        />
        <div className="post-media__lock-bar">{lock}</div>
      </div>
    );
  }
  if (post.type === 'text') {
    // The teaser above it is all there is to show: a few blurred lines where the rest of the
    // text goes, then the lock and its offer, as high as that and no higher.
    return (
      <div className="post-locked-text">
        <div className="post-locked-text__lines" aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
        <div className="post-media__lock-bar">{lock}</div>
      </div>
    );
  }
  return (
    <div className="post-media post-media--locked">
      {placeholder ? <img className="post-media__blur" src={placeholder} alt="" aria-hidden="true" /> : null}
      {lock}
    </div>
  );
}
