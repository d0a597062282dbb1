import { lazy } from 'react';
import { CreateContentPage } from '../../features/creator-studio/create-content-page';
import { trackPageLoad } from '../page-loading';

// Its own chunk: only /create/audio loads it, with the progress bar while it comes.
const CreateAudioPage = lazy(() => trackPageLoad(import('../../features/audio/create/create-audio-page')));

/**
 * /create/:kind: the creator studio's page for photo, video and text posts, with the audio
 * feature's page for /create/audio. Features do not import each other's pages, so the app,
 * which composes features, puts the two together.
 */
export default function CreateContentPageWithAudio() {
  return <CreateContentPage AudioPage={CreateAudioPage} />;
}
