import {
  type TUpdateVideoRequest,
  type TVideo,
  type TVideoVisibility,
  VIDEO_DESCRIPTION_MAX_LENGTH,
  VIDEO_MESSAGES,
  VIDEO_TITLE_MAX_LENGTH,
} from '@stagepass/contract/video';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { readFailureMessage } from '../../../lib/form-request';
import type { ModalBodyProps } from '../../../lib/modals/modal-types';
import { formatKwachaInput } from '../../../lib/money';
import { readPrice } from '../../../lib/read-price';
import { toast } from '../../../lib/toast';
import { SelectField, TextAreaField, TextField } from '../../../ui/form-fields';
import { SubmitButton } from '../../../ui/submit-button';
import { useVideo } from '../api/get-video';
import { useCreatorSeries } from '../api/list-videos';
import { useUpdateVideo } from '../api/update-video';
import { VideoAccessFields } from '../create/access-fields';
import '../../../ui/form.css';
import '../video.css';

/**
 * `?modal=edit-episode/<videoId>` (the spec's edit-episode modal): the author changes a
 * video's, an episode's or a series' title, description and access; moves an episode up,
 * down or to a position; takes it out of its series; or puts a video into one. Only what
 * changed is sent (update-video).
 */
export default function EditEpisodeModal({ options: videoId, closeModal, setTitle }: ModalBodyProps) {
  const query = useVideo(videoId);
  const video = query.data?.video;
  useEffect(() => {
    if (video)
      setTitle(video.type === 'series' ? 'Edit series' : video.series ? 'Edit episode' : 'Edit video');
  }, [video, setTitle]);
  if (query.error instanceof ApiError && query.error.status === 404) {
    return <p className="modal__text">{VIDEO_MESSAGES.notFound}</p>;
  }
  if (query.isError) return <p className="modal__text">This video could not be loaded. Try again later.</p>;
  if (!video) return <p className="modal__loading">Loading…</p>;
  if (video.profileInteraction !== 'AUTHOR')
    return <p className="modal__text">{VIDEO_MESSAGES.authorOnly}</p>;
  return <EditVideoForm video={video} onDone={closeModal} />;
}

type Errors = Partial<Record<'title' | 'description' | 'price' | 'position' | 'series', string>>;

function EditVideoForm({ video, onDone }: { video: TVideo; onDone: () => void }) {
  const update = useUpdateVideo();
  const baseId = useId();
  const [title, setTitle] = useState(video.title);
  const [description, setDescription] = useState(video.description);
  const [visibility, setVisibility] = useState<TVideoVisibility>(video.visibility);
  const [price, setPrice] = useState(video.price === null ? '' : formatKwachaInput(video.price));
  const [seriesId, setSeriesId] = useState(video.series?._id ?? '');
  const [position, setPosition] = useState(String(video.series?.position ?? ''));
  const [errors, setErrors] = useState<Errors>({});
  const isEpisode = video.series !== null;

  function send(change: Omit<TUpdateVideoRequest, 'videoId'>, said: string, shouldClose: boolean) {
    update.mutate(
      { videoId: video._id, ...change },
      {
        onSuccess: () => {
          toast.success(said);
          if (shouldClose) onDone();
        },
        onError: (error) => {
          toast.error(readFailureMessage(error));
          const field = error instanceof ApiError ? error.field : undefined;
          if (field === 'title' || field === 'description' || field === 'price' || field === 'position') {
            setErrors({ [field]: error.message });
          }
        },
      },
    );
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    const found: Errors = {};
    const trimmedTitle = title.trim();
    if (trimmedTitle === '') found.title = VIDEO_MESSAGES.titleRequired;
    const { price: ngwee, error: priceError } = readPrice(visibility, price, VIDEO_MESSAGES);
    if (priceError) found.price = priceError;
    const wantedPosition = Number(position);
    if (isEpisode && !(Number.isInteger(wantedPosition) && wantedPosition >= 1)) {
      found.position = VIDEO_MESSAGES.positionRange;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const change: Omit<TUpdateVideoRequest, 'videoId'> = {};
    if (trimmedTitle !== video.title) change.title = trimmedTitle;
    if (description.trim() !== video.description) change.description = description.trim();
    if (visibility !== video.visibility || ngwee !== video.price) {
      change.visibility = visibility;
      change.price = ngwee;
    }
    if (isEpisode && wantedPosition !== video.series?.position) change.position = wantedPosition;
    if (!isEpisode && video.type === 'video' && seriesId !== '') change.seriesId = seriesId;
    if (Object.keys(change).length === 0) {
      onDone();
      return;
    }
    send(change, 'Your changes have been saved.', true);
  }

  return (
    <form className="form edit-episode" noValidate onSubmit={save}>
      <TextField
        label="Title"
        name="title"
        autoComplete="off"
        value={title}
        maxLength={VIDEO_TITLE_MAX_LENGTH}
        error={errors.title}
        onChange={(event) => setTitle(event.target.value)}
      />
      <TextAreaField
        label="Description"
        name="description"
        rows={3}
        value={description}
        maxLength={VIDEO_DESCRIPTION_MAX_LENGTH}
        error={errors.description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <VideoAccessFields
        isSeries={video.type === 'series'}
        visibility={visibility}
        onVisibilityChange={setVisibility}
        price={price}
        onPriceChange={setPrice}
        priceError={errors.price}
        priceId={`${baseId}-price`}
      />
      {isEpisode && video.series ? (
        <EpisodePlace
          video={video}
          position={position}
          onPositionChange={setPosition}
          error={errors.position}
          isPending={update.isPending}
          onMove={(to) => {
            setPosition(String(to));
            send({ position: to }, `Moved to position ${to}.`, false);
          }}
          onRemove={() => send({ seriesId: null }, 'The video is no longer in the series.', true)}
        />
      ) : video.type === 'video' ? (
        <SeriesChoice username={video.author.pageId} seriesId={seriesId} onChange={setSeriesId} />
      ) : null}
      <div className="form__actions">
        <SubmitButton isPending={update.isPending}>{update.isPending ? 'Saving…' : 'Save'}</SubmitButton>
      </div>
    </form>
  );
}

/** An episode's place: its position (typed, or one step up or down) and the way out of the series. */
function EpisodePlace({
  video,
  position,
  onPositionChange,
  error,
  isPending,
  onMove,
  onRemove,
}: {
  video: TVideo;
  position: string;
  onPositionChange: (position: string) => void;
  error?: string;
  isPending: boolean;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const seriesQuery = useVideo(video.series?._id ?? '');
  const count = seriesQuery.data?.video.episodesCount ?? null;
  const current = video.series?.position ?? 1;
  return (
    <fieldset className="edit-episode__place">
      <legend className="field__label">Place in {video.series?.title}</legend>
      <TextField
        label="Position"
        name="position"
        inputMode="numeric"
        autoComplete="off"
        value={position}
        error={error}
        hint={count ? `From 1 to ${count}.` : undefined}
        onChange={(event) => onPositionChange(event.target.value)}
      />
      <div className="edit-episode__moves">
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={isPending || current <= 1}
          onClick={() => onMove(current - 1)}
        >
          Move up
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={isPending || (count !== null && current >= count)}
          onClick={() => onMove(current + 1)}
        >
          Move down
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={isPending}
          onClick={onRemove}
        >
          Remove from series
        </button>
      </div>
    </fieldset>
  );
}

/** A stand-alone video may go into one of the creator's series (at its end). */
function SeriesChoice({
  username,
  seriesId,
  onChange,
}: {
  username: string;
  seriesId: string;
  onChange: (seriesId: string) => void;
}) {
  const { series } = useCreatorSeries(username);
  if (series.length === 0) return null;
  return (
    <SelectField
      label="Add to a series"
      name="seriesId"
      value={seriesId}
      hint="It goes at the end of the series."
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">Not in a series</option>
      {series.map((item) => (
        <option key={item._id} value={item._id}>
          {item.title}
        </option>
      ))}
    </SelectField>
  );
}
