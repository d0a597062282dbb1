import { lazy, Suspense } from 'react';
import type { AudioPanelProps } from '../../features/audio/library/audio-panel';
import { AudioSkeletons } from '../../features/audio/library/audio-skeletons';
import { CreatorPosts } from '../../features/posts/components/creator-posts';
import { ProfilePage } from '../../features/profiles/profile-page';

// The audio feature's parts load when first shown: the Audio tab's list when the tab opens,
// and 'Play songs' (a small chunk that reads the first page of tracks) on a creator's page.
const LazyAudioPanel = lazy(() => import('../../features/audio/library/audio-panel'));
const PlaySongsButton = lazy(() => import('../../features/audio/library/play-songs-button'));

/** The Audio tab, with its ten skeletons already while the list's code is on its way. */
function AudioPanel(props: AudioPanelProps) {
  return (
    <Suspense fallback={<AudioSkeletons label={`Tracks of ${props.name}`} />}>
      <LazyAudioPanel {...props} />
    </Suspense>
  );
}

const audio = { AudioPanel, PlaySongsButton };

/**
 * /{username}: the profiles feature's page with the posts feature's list of a creator's
 * posts and the audio feature's tracks in its tabs. Features do not import each other's
 * components, so the app, which composes features, puts them together; the posts load in
 * this route's chunk, the audio parts in their own.
 */
export default function ProfilePageWithPosts() {
  return <ProfilePage PostsPanel={CreatorPosts} audio={audio} />;
}
