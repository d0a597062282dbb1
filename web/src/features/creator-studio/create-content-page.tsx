import type { ComponentType, ReactNode } from 'react';
import { useParams } from 'react-router';
import { useSignedInUser } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { NotFound } from '../../ui/not-found';
import { CreatePostForm, type PostKind } from './components/create-post-form';
import { useRecording } from './recording-store';
import './creator-studio.css';

const contentKinds: Record<string, string> = {
  video: 'Create a video',
  audio: 'Create an audio post',
  text: 'Create a text post',
  photo: 'Create a photo post',
};

/**
 * The pages of /create/audio and /create/video. They belong to the audio and video
 * features, and features do not import each other's pages: the app hands them in
 * (app/composed-pages/create-content-page.tsx), loaded when first opened.
 */
export type AudioCreatePage = ComponentType<{ title: string }>;
/** The video page offers a short video post too: this feature's form, with the camera's recording. */
export type VideoCreatePage = ComponentType<{ title: string; postForm: ReactNode; hasRecording: boolean }>;

/** /create/:kind (for creators) for the four kinds of content; any other kind is not a page. */
export function CreateContentPage({
  AudioPage,
  VideoPage,
}: {
  AudioPage: AudioCreatePage;
  VideoPage: VideoCreatePage;
}) {
  const { kind = '' } = useParams();
  const title = Object.hasOwn(contentKinds, kind) ? contentKinds[kind] : undefined;
  if (!title) return <NotFound />;
  if (kind === 'audio') return <AudioPage title={title} />;
  if (kind === 'video') return <VideoPageWithPostForm VideoPage={VideoPage} title={title} />;
  return <CreatePage kind={kind as PostKind} title={title} />;
}

function VideoPageWithPostForm({ VideoPage, title }: { VideoPage: VideoCreatePage; title: string }) {
  const user = useSignedInUser();
  const recording = useRecording();
  return (
    <VideoPage
      title={title}
      postForm={<CreatePostForm kind="video" username={user.username} />}
      hasRecording={recording !== null}
    />
  );
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
