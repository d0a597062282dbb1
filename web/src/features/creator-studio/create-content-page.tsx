import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import { useSignedInUser } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { NotFound } from '../../ui/not-found';
import { CreatePostForm, type PostKind } from './components/create-post-form';
import './creator-studio.css';

const contentKinds: Record<string, string> = {
  video: 'Create a video',
  audio: 'Create an audio post',
  text: 'Create a text post',
  photo: 'Create a photo post',
};

/**
 * The page of /create/audio. It belongs to the audio feature, and features do not import
 * each other's pages: the app hands it in (app/composed-pages/create-content-page.tsx),
 * loaded when first opened.
 */
export type AudioCreatePage = ComponentType<{ title: string }>;

/** /create/:kind (for creators) for the four kinds of content; any other kind is not a page. */
export function CreateContentPage({ AudioPage }: { AudioPage: AudioCreatePage }) {
  const { kind = '' } = useParams();
  const title = Object.hasOwn(contentKinds, kind) ? contentKinds[kind] : undefined;
  if (!title) return <NotFound />;
  if (kind === 'audio') return <AudioPage title={title} />;
  return <CreatePage kind={kind as PostKind} title={title} />;
}

function CreatePage({ kind, title }: { kind: PostKind; title: string }) {
  useDocumentTitle(title);
  const user = useSignedInUser();
  return (
    <div className="page create-page">
      <h1 className="page__title">{title}</h1>
      {/* A new form, and so a new draft and postId, for each kind. */}
      <CreatePostForm key={kind} kind={kind} username={user.username} />
    </div>
  );
}
