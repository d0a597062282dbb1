import { lazy } from 'react';
import { CreateContentPage } from '../../features/creator-studio/create-content-page';
import { trackPageLoad } from '../page-loading';

// Their own chunks: only /create/audio and /create/video load them, with the progress bar while they come.
const CreateAudioPage = lazy(() => trackPageLoad(import('../../features/audio/create/create-audio-page')));
const CreateVideoPage = lazy(() => trackPageLoad(import('../../features/video/create/create-video-page')));

/**
 * /create/:kind: the creator studio's page for photo and text posts, with the audio
 * feature's page for /create/audio and the video feature's for /create/video (which also
 * offers the studio's short video post). Features do not import each other's pages, so the
 * app, which composes features, puts them together.
 */
export default function CreateContentPageWithMediaPages() {
  return <CreateContentPage AudioPage={CreateAudioPage} VideoPage={CreateVideoPage} />;
}
