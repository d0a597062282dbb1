import {
  AUDIO_GENRE_GROUPS,
  AUDIO_MESSAGES,
  AUDIO_TITLE_MAX_LENGTH,
  type TAudioVisibility,
} from '@stagepass/contract/audio';
import { createPostId } from '@stagepass/contract/posts';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { useAssetUpload } from '../../../lib/use-asset-upload';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { SelectField } from '../../../ui/form-fields';
import { AccessFields, CoverUploadField, TitleField } from '../../../ui/item/item-form-fields';
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
  const [audioId] = useState(createPostId);
  const [title, setTitle] = useState('');
  const [genre, setGenre] = useState('');
  const [visibility, setVisibility] = useState<TAudioVisibility>('everyone');
  const [price, setPrice] = useState('');
  const { errors, controlId, clearError, clearErrorOnChange, takeCheckedDraft, showFailure } = useFieldErrors<
    keyof AudioFormErrors
  >({ fieldOrder: FIELD_ORDER, serverFields: SERVER_FIELDS });
  const audio = useAssetUpload({ kind: 'audio', wrongKindMessage: AUDIO_MESSAGES.notAnAudio });
  const cover = useAssetUpload({ kind: 'image', wrongKindMessage: AUDIO_MESSAGES.notAnImage });
  const isUploading = audio.isUploading || cover.isUploading;

  function publish(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isUploading || createAudio.isPending) return;
    const draft = takeCheckedDraft(
      readAudioDraft({
        audioId,
        title,
        genre,
        audioPublicId: audio.publicId,
        coverPublicId: cover.publicId,
        visibility,
        price,
      }),
    );
    if (!draft) return;
    createAudio.mutate(draft, {
      onSuccess: (answer) => {
        toast.success('Post has been published successfully');
        navigate(toPlayerPath(username, answer.audio.audioId));
      },
      onError: showFailure,
    });
  }

  return (
    <form className="form audio-create-form" noValidate onSubmit={publish}>
      <TitleField
        id={controlId('title')}
        value={title}
        maxLength={AUDIO_TITLE_MAX_LENGTH}
        error={errors.title}
        onChange={clearErrorOnChange('title', setTitle)}
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
      <CoverUploadField
        upload={cover}
        label="Cover photo"
        noun="cover photo"
        hint="Optional. A square photo looks best."
        previewAlt="Preview of your cover"
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
      <AccessFields
        legend="Who can listen"
        choices={ACCESS_CHOICES}
        visibility={visibility}
        onVisibilityChange={clearErrorOnChange('price', setVisibility)}
        priceId={controlId('price')}
        priceLabel="Price (K)"
        priceHint={AUDIO_MESSAGES.priceRange}
        price={price}
        onPriceChange={clearErrorOnChange('price', setPrice)}
        priceError={errors.price}
      />
      <div className="form__actions">
        <SubmitButton isPending={createAudio.isPending} disabled={isUploading}>
          {createAudio.isPending ? 'Publishing…' : 'Publish'}
        </SubmitButton>
      </div>
    </form>
  );
}
