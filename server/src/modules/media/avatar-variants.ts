import { AVATAR_SIZES } from '@stagepass/contract/media';
import sharp from 'sharp';

/**
 * A 256 px avatar needs nothing near this; 100 megapixels still takes any phone camera's
 * usual photo, and it bounds what a small file that unpacks into a huge image (a
 * decompression bomb) can cost in memory and CPU.
 */
export const MAX_INPUT_PIXELS = 100_000_000;

export type ImageVariant = { name: string; data: Buffer; width: number; height: number };

/**
 * The avatar's squares, cover-cropped, as WebP. `.rotate()` first turns the pixels upright
 * by the EXIF orientation; the output carries no metadata at all (sharp writes EXIF, GPS,
 * XMP or ICC only when asked with withMetadata/keepExif, and we never ask).
 */
export async function makeAvatarVariants(input: Buffer | string): Promise<ImageVariant[]> {
  // sequentialRead: one pass from top to bottom, so even a large photo is not held whole.
  const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true }).rotate();
  return Promise.all(
    AVATAR_SIZES.map(async (size) => {
      const { data, info } = await image
        .clone()
        .resize(size, size, { fit: 'cover' })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      return { name: `avatar${size}`, data, width: info.width, height: info.height };
    }),
  );
}

export function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}
