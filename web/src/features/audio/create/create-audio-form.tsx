import {
  AUDIO_GENRE_GROUPS,
  AUDIO_MESSAGES,
  AUDIO_TITLE_MAX_LENGTH,
  type TAudioVisibility,
} from '@stagepass/contract/audio';
import { createPostId } from '@stagepass/contract/posts';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { readFailureMessage } from '../../../lib/form-request';
import { toast } from '../../../lib/toast';
import { useAssetUpload } from '../../../lib/use-asset-upload';
import { SelectField, TextField } from '../../../ui/form-fields';
import { RadioGroup } from '../../../ui/radio-group';
import { SubmitButton } from '../../../ui/submit-button';
import { UploadField } from '../../../ui/upload-field';
import { useCreateAudio } from '../api/create-audio';
import { toPlayerPath } from '../audio-format';
import { type AudioFormErrors, readAudioDraft } from './audio-draft';
import '../../../ui/form.css';

const ACCESS_CHOICES: { value: TAudioVisibility; label: string; hint: string }[] = [
  { value: 'everyone', label: 'Everyone', hint: 'Anyone can listen to the whole track.' },
  {
    value: 'subscribers',
    label: 'Pass holders',
    hint: 'Fans with an active pass listen in full; others hear the first 30 seconds.',
  },
  {
    value: 'pay-to-unlock',
    label: 'Pay to unlock',
    hint: 'Fans pay the price you set to listen in full; others hear the first 30 seconds.',
  },
];

const COVER_TYPES = 'image/jpeg,image/png,image/webp,image/gif,image/heic,image/heif';
// The fields in the order they are laid out, so the first one that fails takes the focus.
const FIELD_ORDER = ['title', 'genre', 'audio', 'price'] as const;
// A refusal of the server about one field, said under that field.
const SERVER_FIELDS: Record<string, keyof AudioFormErrors> = {
  title: 'title',
  genre: 'genre',
  audio_asset: 'audio',
  'audio_asset.public_id': 'audio',
  price: 'price',
};

/**
 * /create/audio: a track's title, genre, optional cover and audio file (both uploaded at
 * once, with their progress), who may listen, and Publish. The audioId is made once per
 * draft, so publishing again after a lost answer is the same track, never a second one. The
 * audio may still be processing when the track is published: the player page says so.
 */
export function CreateAudioForm({ username }: { username: string }) {
  const navigate = useNavigate();
  const createAudio = useCreateAudio();
  const baseId = useId();
  const [audioId] = useState(createPostId);
  const [title, setTitle] = useState('');
  const [genre, setGenre] = useState('');
  const [visibility, setVisibility] = useState<TAudioVisibility>('everyone');
  const [price, setPrice] = useState('');
  const [errors, setErrors] = useState<AudioFormErrors>({});
  const audio = useAssetUpload({ kind: 'audio', wrongKindMessage: AUDIO_MESSAGES.notAnAudio });
  const cover = useAssetUpload({ kind: 'image', wrongKindMessage: AUDIO_MESSAGES.notAnImage });
  const isUploading = audio.isUploading || cover.isUploading;
  const controlId = (field: keyof AudioFormErrors) => `${baseId}-${field}`;
  const clearError = (field: keyof AudioFormErrors) =>
    setErrors(({ [field]: _, ...rest }) => rest as AudioFormErrors);

  function showErrors(found: AudioFormErrors) {
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) document.getElementById(controlId(first))?.focus();
  }

  function publish(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isUploading || createAudio.isPending) return;
    const result = readAudioDraft({
      audioId,
      title,
      genre,
      audioPublicId: audio.publicId,
      coverPublicId: cover.publicId,
      visibility,
      price,
    });
    if (result.errors) {
      showErrors(result.errors);
      return;
    }
    setErrors({});
    createAudio.mutate(result.draft, {
      onSuccess: (answer) => {
        toast.success('Post has been published successfully');
        navigate(toPlayerPath(username, answer.audio.audioId));
      },
      onError: (error) => {
        toast.error(readFailureMessage(error));
        const field = error instanceof ApiError && error.field ? SERVER_FIELDS[error.field] : undefined;
        if (field) showErrors({ [field]: error.message });
      },
    });
  }

  return (
    <form className="form audio-create-form" noValidate onSubmit={publish}>
      <TextField
        id={controlId('title')}
        label="Title"
        name="title"
        autoComplete="off"
        value={title}
        maxLength={AUDIO_TITLE_MAX_LENGTH}
        error={errors.title}
        hint={`${title.length}/${AUDIO_TITLE_MAX_LENGTH}`}
        onChange={(event) => {
          setTitle(event.target.value);
          clearError('title');
        }}
      />
      <SelectField
        id={controlId('genre')}
        label="Genre"
        name="genre"
        value={genre}
        error={errors.genre}
        onChange={(event) => {
          setGenre(event.target.value);
          clearError('genre');
        }}
      >
        <option value="" disabled>
          Choose a genre
        </option>
        {Object.entries(AUDIO_GENRE_GROUPS).map(([group, genres]) => (
          <optgroup key={group} label={group}>
            {genres.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </optgroup>
        ))}
      </SelectField>
      <UploadField
        upload={cover}
        label="Cover photo"
        noun="cover photo"
        accept={COVER_TYPES}
        hint="Optional. A square photo looks best."
        renderPreview={(url) => <img className="upload-field__cover" src={url} alt="Preview of your cover" />}
      />
      <UploadField
        upload={audio}
        label="Audio file"
        noun="audio file"
        accept="audio/*"
        hint="MP3, M4A, OGG, WAV or FLAC, up to 200 MB."
        // Said until another file is on its way.
        error={audio.state.status === 'idle' ? errors.audio : undefined}
        buttonId={controlId('audio')}
        renderPreview={(url) => (
          // biome-ignore lint/a11y/useMediaCaption: the creator's own recording, heard before it is published.
          <audio
            className="upload-field__audio"
            src={url}
            controls
            preload="metadata"
            aria-label="Preview of your audio file"
          />
        )}
      />
      <RadioGroup
        legend="Who can listen"
        name="visibility"
        choices={ACCESS_CHOICES}
        value={visibility}
        onChange={(value) => {
          setVisibility(value);
          clearError('price');
        }}
      />
      {visibility === 'pay-to-unlock' ? (
        <TextField
          id={controlId('price')}
          label="Price (K)"
          name="price"
          inputMode="decimal"
          autoComplete="off"
          placeholder="e.g. 25"
          value={price}
          error={errors.price}
          hint={AUDIO_MESSAGES.priceRange}
          onChange={(event) => {
            setPrice(event.target.value);
            clearError('price');
          }}
        />
      ) : null}
      <div className="form__actions">
        <SubmitButton isPending={createAudio.isPending} disabled={isUploading}>
          {createAudio.isPending ? 'Publishing…' : 'Publish'}
        </SubmitButton>
      </div>
    </form>
  );
}
