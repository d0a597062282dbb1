import { useParams } from 'react-router';
import { ComingSoon } from '../../ui/coming-soon';
import { NotFound } from '../../ui/not-found';

const contentKinds: Record<string, string> = {
  video: 'Create a video',
  audio: 'Create an audio post',
  text: 'Create a text post',
  photo: 'Create a photo post',
};

/** /create/:kind for the four kinds of content; any other kind is not a page. */
export default function CreateContentPage() {
  const { kind = '' } = useParams();
  const title = Object.hasOwn(contentKinds, kind) ? contentKinds[kind] : undefined;
  if (!title) return <NotFound />;
  return <ComingSoon title={title} />;
}
