import {
  type TCreateVideoRequest,
  type TVideoVisibility,
  VIDEO_DESCRIPTION_MAX_LENGTH,
  VIDEO_MESSAGES,
  VIDEO_TITLE_MAX_LENGTH,
} from '@stagepass/contract/video';
import { readPrice } from '../../../lib/read-price';

/** What /create/video makes: a video of its own, the next episode of a series, or a series. */
export type VideoKind = 'video' | 'episode' | 'series';

/** What the form holds: text as typed, and the public_ids of what has been uploaded. */
export type VideoFormValues = {
  kind: VideoKind;
  videoId: string;
  title: string;
  description: string;
  videoPublicId: string | null;
  coverPublicId: string | null;
  /** The series an episode goes into; '' until one is chosen. */
  seriesId: string;
  visibility: TVideoVisibility;
  /** Kwacha as typed ('25', '25.50'); read only for pay-to-unlock. */
  price: string;
};

export type VideoFormErrors = Partial<Record<'series' | 'title' | 'description' | 'video' | 'price', string>>;

/** Said when an episode has no series chosen (the server says seriesNotFound for a wrong one). */
export const CHOOSE_A_SERIES = 'Choose the series this episode goes into.';

/**
 * The request the form sends, checked as the server will check it and in its words, or the
 * errors to show under each field. A series has no file; a video and an episode need one
 * (still processing is fine); an episode names its series. The price is typed in kwacha
 * and sent in ngwee, only for pay-to-unlock.
 */
export function readVideoDraft(
  values: VideoFormValues,
): { draft: TCreateVideoRequest; errors?: never } | { draft?: never; errors: VideoFormErrors } {
  const errors: VideoFormErrors = {};
  const title = values.title.trim();
  const description = values.description.trim();
  if (values.kind === 'episode' && values.seriesId === '') errors.series = CHOOSE_A_SERIES;
  if (title === '') errors.title = VIDEO_MESSAGES.titleRequired;
  else if (title.length > VIDEO_TITLE_MAX_LENGTH) errors.title = VIDEO_MESSAGES.titleTooLong;
  if (description.length > VIDEO_DESCRIPTION_MAX_LENGTH)
    errors.description = VIDEO_MESSAGES.descriptionTooLong;
  if (values.kind !== 'series' && !values.videoPublicId) errors.video = VIDEO_MESSAGES.videoRequired;
  const { price, error: priceError } = readPrice(values.visibility, values.price, VIDEO_MESSAGES);
  if (priceError) errors.price = priceError;
  if (Object.keys(errors).length > 0) return { errors };
  return {
    draft: {
      videoId: values.videoId,
      type: values.kind === 'series' ? 'series' : 'video',
      title,
      description,
      video_asset: values.kind === 'series' ? null : { public_id: values.videoPublicId ?? '' },
      cover_asset: values.coverPublicId ? { public_id: values.coverPublicId } : null,
      seriesId: values.kind === 'episode' ? values.seriesId : null,
      visibility: values.visibility,
      price,
    },
  };
}
