import {
  AUDIO_GENRES,
  AUDIO_MESSAGES,
  AUDIO_TITLE_MAX_LENGTH,
  type TAudioGenre,
  type TAudioVisibility,
  type TCreateAudioRequest,
} from '@stagepass/contract/audio';
import { readPrice } from '../../../lib/read-price';

/** What the form holds: text as typed, and the public_ids of what has been uploaded. */
export type AudioFormValues = {
  audioId: string;
  title: string;
  /** '' until a genre is chosen. */
  genre: string;
  audioPublicId: string | null;
  coverPublicId: string | null;
  visibility: TAudioVisibility;
  /** Kwacha as typed ('25', '25.50'); read only for pay-to-unlock. */
  price: string;
};

export type AudioFormErrors = Partial<Record<'title' | 'genre' | 'audio' | 'price', string>>;

const isGenre = (genre: string): genre is TAudioGenre => (AUDIO_GENRES as readonly string[]).includes(genre);

/**
 * The request the form sends, checked as the server will check it and in its words, or the
 * errors to show under each field. The price is typed in kwacha and sent in ngwee, read
 * from its digits (no float rounds money), and sent only for pay-to-unlock.
 */
export function readAudioDraft(
  values: AudioFormValues,
): { draft: TCreateAudioRequest; errors?: never } | { draft?: never; errors: AudioFormErrors } {
  const errors: AudioFormErrors = {};
  const title = values.title.trim();
  if (title === '') errors.title = AUDIO_MESSAGES.titleRequired;
  else if (title.length > AUDIO_TITLE_MAX_LENGTH) errors.title = AUDIO_MESSAGES.titleTooLong;
  if (!isGenre(values.genre)) errors.genre = AUDIO_MESSAGES.genreRequired;
  if (!values.audioPublicId) errors.audio = AUDIO_MESSAGES.audioRequired;

  const { price, error: priceError } = readPrice(values.visibility, values.price, AUDIO_MESSAGES);
  if (priceError) errors.price = priceError;
  if (Object.keys(errors).length > 0) return { errors };
  return {
    draft: {
      audioId: values.audioId,
      title,
      genre: values.genre as TAudioGenre,
      audio_asset: { public_id: values.audioPublicId ?? '' },
      cover_asset: values.coverPublicId ? { public_id: values.coverPublicId } : null,
      visibility: values.visibility,
      price,
    },
  };
}
