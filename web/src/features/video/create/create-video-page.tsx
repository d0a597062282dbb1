import type { TVideo } from '@stagepass/contract/video';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSignedInUser } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { RadioGroup } from '../../../ui/radio-group';
import { ProcessingStatus } from '../library/processing-status';
import { toWatchPath } from '../library/video-card';
import { CreateVideoForm } from './create-video-form';
import type { VideoKind } from './video-draft';
import '../../../ui/page.css';
import '../../../ui/form.css';
import '../video.css';
import './create-video.css';

/** What the page makes: the library's three kinds, or a short video post (the posts feature's form). */
type Choice = VideoKind | 'post';

const CHOICES: { value: Choice; label: string; hint: string }[] = [
  { value: 'video', label: 'A video', hint: 'A video of its own, in your Videos.' },
  { value: 'episode', label: 'An episode', hint: 'The next episode of one of your series.' },
  { value: 'series', label: 'A series', hint: 'Episodes in order, sold one by one or all at once.' },
  { value: 'post', label: 'A short post', hint: 'A short clip in your posts, uploaded or recorded.' },
];

export type CreateVideoPageProps = {
  title: string;
  /** The posts feature's form for a video post; the app hands it in (features do not import each other). */
  postForm: ReactNode;
  /** The camera recorder has a recording for the post form: the page opens on it. */
  hasRecording: boolean;
};

type Created = { video: TVideo } | null;

/**
 * /create/video (for creators): a video, an episode of one of the creator's series, a
 * series, or a short video post. Once a video is published its author watches it being
 * processed here (the share done, then ready or why it failed); a new series offers to add
 * its first episode.
 */
export default function CreateVideoPage({ title, postForm, hasRecording }: CreateVideoPageProps) {
  useDocumentTitle(title);
  const user = useSignedInUser();
  const [choice, setChoice] = useState<Choice>(hasRecording ? 'post' : 'video');
  const [created, setCreated] = useState<Created>(null);
  const [seriesForEpisode, setSeriesForEpisode] = useState('');
  // Each new form is a new draft, with its own videoId.
  const [draftNumber, setDraftNumber] = useState(0);
  // A recording handed over by the camera recorder goes to the post form.
  useEffect(() => {
    if (hasRecording) setChoice('post');
  }, [hasRecording]);

  function startAgain(next: Choice, seriesId = '') {
    setCreated(null);
    setSeriesForEpisode(seriesId);
    setChoice(next);
    setDraftNumber((number) => number + 1);
  }

  return (
    <div className="page video-create">
      <h1 className="page__title">{title}</h1>
      {created ? (
        <CreatedPanel created={created.video} onStartAgain={startAgain} />
      ) : (
        <>
          <p className="page__lead">Publish a video, start a series, or add an episode to one.</p>
          <RadioGroup
            legend="What are you making?"
            name="video-kind"
            choices={CHOICES}
            value={choice}
            onChange={(next) => startAgain(next, seriesForEpisode)}
            className="video-create__choice"
          />
          {choice === 'post' ? (
            postForm
          ) : (
            <CreateVideoForm
              key={`${choice}-${draftNumber}`}
              kind={choice}
              username={user.username}
              initialSeriesId={choice === 'episode' ? seriesForEpisode : ''}
              onCreated={(video) => setCreated({ video })}
            />
          )}
        </>
      )}
    </div>
  );
}

function CreatedPanel({
  created,
  onStartAgain,
}: {
  created: TVideo;
  onStartAgain: (next: Choice, seriesId?: string) => void;
}) {
  const [isReady, setIsReady] = useState(created.status === 'ready');
  if (created.type === 'series') {
    return (
      <section className="video-create__done" aria-label="Your new series">
        <h2 className="video-create__done-title">{created.title}</h2>
        <p>Your series is ready for its episodes.</p>
        <div className="form__actions form__actions--split">
          <Link className="button button--secondary" to={`/${created.author.pageId}`}>
            Back to your page
          </Link>
          <button
            type="button"
            className="button button--primary"
            onClick={() => onStartAgain('episode', created._id)}
          >
            Add an episode
          </button>
        </div>
      </section>
    );
  }
  return (
    <section className="video-create__done" aria-label="Your new video">
      <h2 className="video-create__done-title">{created.title}</h2>
      {created.series ? (
        <p>
          Episode {created.series.position} of {created.series.title}
        </p>
      ) : null}
      <ProcessingStatus videoId={created._id} onReady={() => setIsReady(true)} />
      <div className="form__actions form__actions--split">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => onStartAgain(created.series ? 'episode' : 'video', created.series?._id ?? '')}
        >
          {created.series ? 'Add another episode' : 'Publish another'}
        </button>
        {isReady ? (
          <Link className="button button--primary" to={toWatchPath(created._id)}>
            Watch it
          </Link>
        ) : null}
      </div>
    </section>
  );
}
