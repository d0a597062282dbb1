import { isPixelLimitError } from '../avatar-variants.ts';
import { makePostImageVariants } from './post-image-variants.ts';
import type { ProcessedMedia, ProcessorInput } from './processed-media.ts';
import { MediaRejectedError, PROCESSING_FAILURES } from './processing-failures.ts';

/** A photo post: the post, mobile and placeholder WebPs; width and height of the upright photo. */
export async function processPostImage(input: ProcessorInput): Promise<ProcessedMedia> {
  const made = await makePostImageVariants(input.originalFile).catch((error: unknown) => {
    if (isPixelLimitError(error)) throw new MediaRejectedError(PROCESSING_FAILURES.imageTooManyPixels);
    // sharp reads the file from the work folder, so what fails here is the file itself.
    throw new MediaRejectedError(
      PROCESSING_FAILURES.imageUnreadable,
      error instanceof Error ? error.message : String(error),
    );
  });
  return {
    files: made.variants.map((variant) => ({
      name: variant.name,
      key: `${input.publicId}/${variant.name}.webp`,
      body: variant.data,
      contentType: 'image/webp',
    })),
    width: made.width,
    height: made.height,
    durationSeconds: null,
  };
}
