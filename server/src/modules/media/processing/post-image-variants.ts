import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from '../avatar-variants.ts';

/**
 * The spec shows a photo post at 686 × 386, and 200 px high on a phone (under 600 px
 * wide). Both are cover crops of the same 16:9-ish frame, so the mobile one is the post
 * crop at 356 × 200, and the placeholder (shown blurred, stretched, while the photo loads)
 * is that crop at 24 px wide. An audio track's cover is square (as album art is): its
 * own centred crop.
 */
export const POST_IMAGE_SIZES = {
  post: { width: 686, height: 386 },
  mobile: { width: 356, height: 200 },
  placeholder: { width: 24, height: 14 },
  square: { width: 512, height: 512 },
} as const;

export type PostImageVariantName = keyof typeof POST_IMAGE_SIZES;

export type PostImageVariants = {
  variants: { name: PostImageVariantName; data: Buffer }[];
  /** The photo's own size once turned upright. */
  width: number;
  height: number;
};

/**
 * WebP variants of a photo post. `.rotate()` turns the pixels upright by the EXIF
 * orientation first; the outputs carry no metadata (no EXIF, GPS, XMP or ICC: sharp
 * writes them only when asked, and we never ask).
 */
export async function makePostImageVariants(input: string | Buffer): Promise<PostImageVariants> {
  const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  const metadata = await image.metadata();
  // EXIF orientations 5 to 8 are quarter turns: the upright photo swaps its sides.
  const isQuarterTurned = (metadata.orientation ?? 1) >= 5;
  const width = isQuarterTurned ? metadata.height : metadata.width;
  const height = isQuarterTurned ? metadata.width : metadata.height;

  const variants = await Promise.all(
    (Object.keys(POST_IMAGE_SIZES) as PostImageVariantName[]).map(async (name) => {
      const size = POST_IMAGE_SIZES[name];
      let pipeline = image.clone().resize(size.width, size.height, { fit: 'cover' });
      if (name === 'placeholder') pipeline = pipeline.blur(1.2);
      const data = await pipeline.webp({ quality: name === 'placeholder' ? 40 : 82 }).toBuffer();
      return { name, data };
    }),
  );
  return { variants, width: width!, height: height! };
}
