import type { TPost } from '@stagepass/contract/posts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { postsQueryKey } from '../../../lib/items/item-query-keys';
import { isSoldAlone, LockPanel, readLockOffer } from '../../../ui/item/lock-panel';

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
        label={`Video by ${post.author.pageName}`}
      />
    );
  }
  return null;
}

/**
 * The full video, on a signed address that lives 10 to 15 minutes (decision 021): a long
 * video outlives it, and the next range the player asks for is refused. Then the posts are
 * read again (once per address), which signs a new one while the viewer still has the
 * rights, and the video goes on from where it was, playing if it was.
 */
function PostVideo({ url, poster, label }: { url: string; poster: string | undefined; label: string }) {
  const queryClient = useQueryClient();
  const videoRef = useRef<HTMLVideoElement>(null);
  const resumeRef = useRef<{ failedUrl: string; at: number; isPlaying: boolean } | null>(null);
  const onError = () => {
    const element = videoRef.current;
    if (!element || resumeRef.current?.failedUrl === url) return;
    resumeRef.current = { failedUrl: url, at: element.currentTime, isPlaying: !element.paused };
    void queryClient.invalidateQueries({ queryKey: postsQueryKey });
  };
  const onLoadedMetadata = () => {
    const element = videoRef.current;
    const resume = resumeRef.current;
    if (!element || !resume || resume.failedUrl === url) return;
    resumeRef.current = null;
    element.currentTime = resume.at;
    if (resume.isPlaying) element.play().catch(() => {});
  };
  return (
    // biome-ignore lint/a11y/useMediaCaption: creators' uploads come without caption tracks.
    <video
      ref={videoRef}
      className="post-media post-video"
      controls
      preload="metadata"
      playsInline
      poster={poster}
      src={url}
      aria-label={label}
      onError={onError}
      onLoadedMetadata={onLoadedMetadata}
    />
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
