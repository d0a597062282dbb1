import { z } from 'zod';

/** Uploaded images and their variants, as the spec's imageAsset {public_id, secure_url}. */

export const ZImageAsset = z
  .object({
    public_id: z.string(),
    /** The main variant's address (the 256 px square for avatars). */
    secure_url: z.string(),
  })
  .meta({ id: 'ImageAsset' });
export type TImageAsset = z.infer<typeof ZImageAsset>;

export const MEDIA_PURPOSES = ['avatar'] as const;

export const ZMediaUploadQuery = z.object({
  /** What the image is for: decides its variants. */
  purpose: z.enum(MEDIA_PURPOSES).default('avatar'),
});

export const ZMediaUploadResponse = z
  .object({
    public_id: z.string(),
    secure_url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    format: z.literal('webp'),
    bytes: z.number().int(),
    /** Every variant by name: { avatar256: avatarUrl(id, 256), avatar64: avatarUrl(id, 64) }. */
    variants: z.record(z.string(), z.string()),
  })
  .meta({ id: 'MediaUploadResponse' });
export type TMediaUploadResponse = z.infer<typeof ZMediaUploadResponse>;

export const ZMediaDeleteResponse = z.object({ success: z.literal(true), message: z.string() });

export const MEDIA_MESSAGES = {
  unsupportedType: 'This file is not an image we can use (JPEG, PNG, WebP, GIF or HEIC).',
  unreadable: 'This image could not be read. It may be damaged: try another one.',
  tooManyPixels: (megapixels: number) =>
    `This image has more than ${megapixels} megapixels. Use a smaller one.`,
  tooLarge: (megabytes: number) => `This file is larger than ${megabytes} MB.`,
  noFile: 'Choose a file to upload.',
  deleted: 'The file has been deleted.',
  notFound: 'This file does not exist.',
} as const;

/** Avatar variants: a 256 px square (the asset's secure_url) and a 64 px one for lists. */
export const AVATAR_SIZES = [256, 64] as const;

/** Where an avatar variant is served: /media/{publicId}/avatar{size}.webp. */
export function avatarUrl(publicId: string, size: (typeof AVATAR_SIZES)[number] = 256): string {
  return `/media/${encodeURIComponent(publicId)}/avatar${size}.webp`;
}
