import { z } from 'zod';
import { ITEM_ID_PATTERN } from './items.ts';
import { POST_MESSAGES, REACTION_KINDS, ZAssetReference } from './posts.ts';

/**
 * What the audio and video libraries (contract/src/audio.ts, video.ts) share: the words of
 * the refusals both give alike, and the schemas of their paths' common parts. Each library
 * keeps its own messages where its words differ ('track', 'video').
 */

export const MEDIA_LIBRARY_MESSAGES = {
  notAnImage: 'The cover must be a photo (JPEG, PNG, WebP, GIF or HEIC).',
  assetNotFound: 'This upload does not exist, or is not yours.',
  coverFailed: 'This photo could not be processed. Upload another one.',
  priceRange: POST_MESSAGES.priceRange,
  creatorNotFound: 'There is no such creator.',
  invalidCursor: 'This page cursor is not valid. Start again from the first page.',
  coverDeleted: 'The cover has been removed.',
  reactionValue: `The reaction is one of ${REACTION_KINDS.join(', ')}, or none.`,
} as const;

/** A library item's id (an item id, decision 023), refused in the library's own words. */
export function createLibraryIdSchema(invalidMessage: string) {
  return z.string().regex(ITEM_ID_PATTERN, invalidMessage);
}

/** An opaque cursor from nextPage; '0' is the first page. */
export const ZLibraryCursor = z.string().min(1).max(200).meta({ title: 'Cursor' });
export const ZLibraryUsernameParam = z.string().min(1).max(64).meta({ title: 'Username' });

/** The body of delete_audio, delete_video and delete_asset: the file the caller means. */
export const ZPublicIdBody = ZAssetReference;
export type TPublicIdBody = z.infer<typeof ZPublicIdBody>;

/** A reaction path's value: a reaction kind, or none to take it back. */
export const ZReactionValue = z.enum([...REACTION_KINDS, 'none'], MEDIA_LIBRARY_MESSAGES.reactionValue);

/** What a delete answers: the sentence the client shows. */
export const ZLibraryMessageResponse = z.object({ success: z.literal(true), message: z.string() });
