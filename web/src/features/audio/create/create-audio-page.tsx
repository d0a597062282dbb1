import { useSignedInUser } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CreateAudioForm } from './create-audio-form';
import '../../../ui/page.css';
import './create-audio.css';

/**
 * /create/audio (for creators): the creator studio's page for kind 'audio', which the app
 * hands it (app/composed-pages/create-content-page.tsx); loaded when first opened.
 */
export default function CreateAudioPage({ title }: { title: string }) {
  useDocumentTitle(title);
  const user = useSignedInUser();
  return (
    <div className="page audio-create">
      <h1 className="page__title">{title}</h1>
      <p className="page__lead">
        Publish a song or an episode. It can go out while the audio is still being processed.
      </p>
      <CreateAudioForm username={user.username} />
    </div>
  );
}
