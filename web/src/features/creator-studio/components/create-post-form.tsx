import {
  createPostId,
  DESCRIPTION_MAX_LENGTH,
  POST_MESSAGES,
  POST_PRICE_MAX,
  POST_PRICE_MIN,
  type TCreatePostRequest,
  type TPostVisibility,
} from '@stagepass/contract/posts';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useModal } from '../../../lib/modals/use-modal';
import { parseKwachaToNgwee } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { TextAreaField, TextField } from '../../../ui/form-fields';
import { RadioGroup } from '../../../ui/radio-group';
import { SubmitButton } from '../../../ui/submit-button';
import { useCreatePost } from '../api/create-post';
import { setRecording, useRecording } from '../recording-store';
import { MediaPicker } from './media-picker';
import '../../../ui/form.css';

export type PostKind = 'photo' | 'video' | 'text';

const VISIBILITIES: { value: TPostVisibility; label: string; hint: string }[] = [
  { value: 'everyone', label: 'Everyone', hint: 'Anyone can see it.' },
  {
    value: 'subscribers',
    label: 'Pass holders',
    hint: 'Fans with an active pass see it; others see a lock.',
  },
  { value: 'pay-to-unlock', label: 'Pay to unlock', hint: 'Fans pay the price you set to see it.' },
];

type Errors = Partial<Record<'media' | 'description' | 'price', string>>;

/**
 * The form of /create/photo, /create/video and /create/text. The postId is made once per
 * draft, so publishing again after a lost answer is the same post, never a second one.
 * The spec swallows errors of post creation: a failed publish leaves the form as it was.
 */
export function CreatePostForm({ kind, username }: { kind: PostKind; username: string }) {
  const navigate = useNavigate();
  const createPost = useCreatePost();
  const [postId] = useState(createPostId);
  const [mediaPublicId, setMediaPublicId] = useState<string | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  const [description, setDescription] = useState('');
  const [visibility, setVisibility] = useState<TPostVisibility>('everyone');
  const [price, setPrice] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const { openModal } = useModal();
  const recording = useRecording();
  // A recording belongs to this draft only.
  useEffect(() => () => setRecording(null), []);

  function readDraft(): { draft: TCreatePostRequest } | { errors: Errors } {
    const found: Errors = {};
    if (kind !== 'text' && !mediaPublicId) found.media = POST_MESSAGES.mediaRequired(kind);
    if (kind === 'text' && description.trim() === '') found.description = POST_MESSAGES.textRequired;
    if (description.length > DESCRIPTION_MAX_LENGTH) found.description = POST_MESSAGES.descriptionTooLong;
    let ngwee: number | null = null;
    if (visibility === 'pay-to-unlock') {
      ngwee = parseKwachaToNgwee(price);
      if (price.trim() === '') found.price = POST_MESSAGES.priceRequired;
      else if (ngwee === null || ngwee < POST_PRICE_MIN || ngwee > POST_PRICE_MAX)
        found.price = POST_MESSAGES.priceRange;
    }
    if (Object.keys(found).length > 0) return { errors: found };
    return {
      draft: {
        postId,
        type: kind,
        description: description.trim(),
        visibility,
        price: ngwee,
        postAssets:
          kind === 'photo'
            ? { image: { public_id: mediaPublicId ?? '' } }
            : kind === 'video'
              ? { video: { public_id: mediaPublicId ?? '' } }
              : undefined,
      },
    };
  }

  function publish(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isUploading || createPost.isPending) return;
    const result = readDraft();
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    createPost.mutate(result.draft, {
      onSuccess: () => {
        toast.success('Post has been published successfully');
        navigate(`/${username}`);
      },
    });
  }

  return (
    <form className="form create-post-form" noValidate onSubmit={publish}>
      {kind === 'text' ? null : (
        <MediaPicker
          kind={kind}
          onUploaded={(publicId) => {
            setMediaPublicId(publicId);
            if (publicId) setErrors(({ media: _, ...rest }) => rest);
          }}
          onUploadingChange={setIsUploading}
          file={kind === 'video' ? recording : null}
          error={errors.media}
        />
      )}
      {kind === 'video' ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => openModal('create-short-video')}
        >
          Record a video
        </button>
      ) : null}
      <TextAreaField
        label={kind === 'text' ? 'What do you want to say?' : 'Description'}
        name="description"
        rows={kind === 'text' ? 6 : 3}
        value={description}
        maxLength={DESCRIPTION_MAX_LENGTH}
        error={errors.description}
        hint={`${description.length}/${DESCRIPTION_MAX_LENGTH}`}
        onChange={(event) => {
          setDescription(event.target.value);
          setErrors(({ description: _, ...rest }) => rest);
        }}
      />
      <RadioGroup
        legend="Who can see it"
        name="visibility"
        choices={VISIBILITIES}
        value={visibility}
        onChange={setVisibility}
      />
      {visibility === 'pay-to-unlock' ? (
        <TextField
          label="Price (K)"
          name="price"
          inputMode="decimal"
          autoComplete="off"
          placeholder="e.g. 25"
          value={price}
          error={errors.price}
          hint={POST_MESSAGES.priceRange}
          onChange={(event) => {
            setPrice(event.target.value);
            setErrors(({ price: _, ...rest }) => rest);
          }}
        />
      ) : null}
      <div className="form__actions">
        <SubmitButton isPending={createPost.isPending} disabled={isUploading}>
          {createPost.isPending ? 'Publishing…' : 'Publish'}
        </SubmitButton>
      </div>
    </form>
  );
}
