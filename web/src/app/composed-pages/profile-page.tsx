import { lazy, Suspense } from 'react';
import type { AudioPanelProps } from '../../features/audio/library/audio-panel';
import { AudioSkeletons } from '../../features/audio/library/audio-skeletons';
import { CreatorPosts } from '../../features/posts/components/creator-posts';
import { ProfilePage } from '../../features/profiles/profile-page';
import type { VideoPanelProps } from '../../features/video/library/video-panel';

// The audio and video features' parts load when first shown: the Audio and Videos tabs'
// lists when their tab opens, and 'Play songs' (a small chunk that reads the first page of
// tracks) on a creator's page.
const LazyAudioPanel = lazy(() => import('../../features/audio/library/audio-panel'));
const PlaySongsButton = lazy(() => import('../../features/audio/library/play-songs-button'));
const LazyVideoPanel = lazy(() => import('../../features/video/library/video-panel'));

/** The Audio tab, with its ten skeletons already while the list's code is on its way. */
function AudioPanel(props: AudioPanelProps) {
  return (
    <Suspense fallback={<AudioSkeletons label={`Tracks of ${props.name}`} />}>
      <LazyAudioPanel {...props} />
    </Suspense>
  );
}

/** The Videos tab; a line for screen readers while its code is on its way. */
function VideoPanel(props: VideoPanelProps) {
  return (
    <Suspense
      fallback={
        <p className="visually-hidden" role="status">
          Loading the videos…
        </p>
      }
    >
      <LazyVideoPanel {...props} />
    </Suspense>
  );
}

const audio = { AudioPanel, PlaySongsButton };

/**
 * /{username}: the profiles feature's page with the posts feature's list of a creator's
 * posts, the video feature's videos and the audio feature's tracks in its tabs. Features do
 * not import each other's components, so the app, which composes features, puts them
 * together; the posts load in this route's chunk, the audio and video parts in their own.
 */
export default function ProfilePageWithPosts() {
  return <ProfilePage PostsPanel={CreatorPosts} VideoPanel={VideoPanel} audio={audio} />;
}
