import { createPostId } from '@stagepass/contract/posts';
import {
  type TVideo,
  type TVideoVisibility,
  VIDEO_DESCRIPTION_MAX_LENGTH,
  VIDEO_MESSAGES,
  VIDEO_TITLE_MAX_LENGTH,
} from '@stagepass/contract/video';
import { type FormEvent, useState } from 'react';
import { useModal } from '../../../lib/modals/use-modal';
import { toast } from '../../../lib/toast';
import { useAssetUpload } from '../../../lib/use-asset-upload';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { SelectField, TextAreaField } from '../../../ui/form-fields';
import { CoverUploadField, TitleField } from '../../../ui/item/item-form-fields';
import { SubmitButton } from '../../../ui/submit-button';
import { UploadField } from '../../../ui/upload-field';
import { useCreateVideo } from '../api/create-video';
import { useCreatorSeries } from '../api/list-videos';
import { VideoAccessFields } from './access-fields';
import { readVideoDraft, type VideoFormErrors, type VideoKind } from './video-draft';
import '../../../ui/form.css';

const VIDEO_TYPES = 'video/mp4,video/quicktime,video/webm,video/x-matroska,video/*';
// The fields in the order they are laid out, so the first one that fails takes the focus.
const FIELD_ORDER = ['series', 'title', 'description', 'video', 'price'] as const;
// A refusal of the server about one field, said under that field.
const SERVER_FIELDS: Record<string, keyof VideoFormErrors> = {
  seriesId: 'series',
  title: 'title',
  description: 'description',
  video_asset: 'video',
  'video_asset.public_id': 'video',
  price: 'price',
};

type CreateVideoFormProps = {
  kind: VideoKind;
  username: string;
  /** For an episode: the series chosen already (after making one). */
  initialSeriesId?: string;
  onCreated: (video: TVideo) => void;
};

/**
 * The form of /create/video for one kind: a video's or an episode's file (uploaded with its
 * progress), an optional cover, title, description, who may watch and the price; an
 * episode also names its series; a series has no file. The videoId is made once per draft,
 * so publishing again after a lost answer is the same video, never a second one.
 */
export function CreateVideoForm({ kind, username, initialSeriesId = '', onCreated }: CreateVideoFormProps) {
  const createVideo = useCreateVideo();
  const { openModal } = useModal();
  const [videoId] = useState(createPostId);
  const [seriesId, setSeriesId] = useState(initialSeriesId);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [visibility, setVisibility] = useState<TVideoVisibility>('everyone');
  const [price, setPrice] = useState('');
  const { baseId, errors, controlId, clearError, clearErrorOnChange, takeCheckedDraft, showFailure } =
    useFieldErrors<keyof VideoFormErrors>({ fieldOrder: FIELD_ORDER, serverFields: SERVER_FIELDS });
  const file = useAssetUpload({ kind: 'video', wrongKindMessage: VIDEO_MESSAGES.notAVideo });
  const cover = useAssetUpload({ kind: 'image', wrongKindMessage: VIDEO_MESSAGES.notAnImage });
  const creatorSeries = useCreatorSeries(username);
  const isSeries = kind === 'series';
  const isUploading = file.isUploading || cover.isUploading;

  function publish(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isUploading || createVideo.isPending) return;
    const draft = takeCheckedDraft(
      readVideoDraft({
        kind,
        videoId,
        title,
        description,
        videoPublicId: file.publicId,
        coverPublicId: cover.publicId,
        seriesId,
        visibility,
        price,
      }),
    );
    if (!draft) return;
    createVideo.mutate(draft, {
      onSuccess: (answer) => {
        toast.success(isSeries ? 'The series has been created.' : 'Post has been published successfully');
        onCreated(answer.video);
      },
      onError: showFailure,
    });
  }

  return (
    <form className="form video-create-form" noValidate onSubmit={publish}>
      {kind === 'episode' ? (
        creatorSeries.series.length === 0 && !creatorSeries.isPending ? (
          <p className="video-create-form__note" role="status">
            You have no series yet: make one first, then add its episodes.
          </p>
        ) : (
          <SelectField
            id={controlId('series')}
            label="Series"
            name="seriesId"
            value={seriesId}
            error={errors.series}
            hint="The episode goes at the end of the series."
            onChange={(event) => {
              setSeriesId(event.target.value);
              clearError('series');
            }}
          >
            <option value="" disabled>
              {creatorSeries.isPending ? 'Loading your series…' : 'Choose a series'}
            </option>
            {creatorSeries.series.map((series) => (
              <option key={series._id} value={series._id}>
                {series.title}
              </option>
            ))}
          </SelectField>
        )
      ) : null}
      <TitleField
        id={controlId('title')}
        value={title}
        maxLength={VIDEO_TITLE_MAX_LENGTH}
        error={errors.title}
        onChange={clearErrorOnChange('title', setTitle)}
      />
      <TextAreaField
        id={controlId('description')}
        label="Description"
        name="description"
        rows={3}
        value={description}
        maxLength={VIDEO_DESCRIPTION_MAX_LENGTH}
        error={errors.description}
        hint={`${description.length}/${VIDEO_DESCRIPTION_MAX_LENGTH}`}
        onChange={(event) => {
          setDescription(event.target.value);
          clearError('description');
        }}
      />
      {isSeries ? null : (
        <>
          <UploadField
            upload={file}
            label="Video file"
            noun="video file"
            accept={VIDEO_TYPES}
            hint="MP4, MOV, WebM or MKV. It is made ready for every connection after you publish."
            error={file.state.status === 'idle' ? errors.video : undefined}
            buttonId={controlId('video')}
            renderPreview={(url) => (
              <video
                className="upload-field__video"
                src={url}
                controls
                muted
                preload="metadata"
                aria-label="Preview of your video"
              />
            )}
          />
          <div className="video-create-form__record">
            <button
              type="button"
              className="button button--secondary"
              aria-describedby={`${baseId}-record-hint`}
              onClick={() => openModal('create-short-video')}
            >
              Record a video
            </button>
            <p id={`${baseId}-record-hint`} className="field__hint">
              A recording made here goes out as a short post.
            </p>
          </div>
        </>
      )}
      <CoverUploadField
        upload={cover}
        label={isSeries ? 'Cover photo' : 'Poster photo'}
        noun={isSeries ? 'cover photo' : 'poster photo'}
        hint={
          isSeries
            ? 'Optional. The picture of the series.'
            : 'Optional. Shown before the video plays; a frame of the video otherwise.'
        }
        previewAlt={isSeries ? 'Preview of your cover' : 'Preview of your poster'}
      />
      <VideoAccessFields
        isSeries={isSeries}
        visibility={visibility}
        onVisibilityChange={clearErrorOnChange('price', setVisibility)}
        price={price}
        onPriceChange={clearErrorOnChange('price', setPrice)}
        priceError={errors.price}
        priceId={controlId('price')}
      />
      <div className="form__actions">
        <SubmitButton isPending={createVideo.isPending} disabled={isUploading}>
          {createVideo.isPending ? 'Publishing…' : isSeries ? 'Create series' : 'Publish'}
        </SubmitButton>
      </div>
    </form>
  );
}
