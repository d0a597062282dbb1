import type { TPost } from '@stagepass/contract/posts';
import type { MediaAccessRow } from '../media/media-urls.service.ts';
import { describeAsset } from '../media/media-urls.service.ts';

/** The media columns of a post's asset, as the post queries read them (joined, not looked up). */
export type PostMediaRow = Omit<MediaAccessRow, 'isOnPublicPost'>;

/**
 * postAssets of a post for one viewer, with addresses from the media module (plain /media
 * addresses for a public post's variants, signed ones for this viewer otherwise). A locked
 * post, or media still being processed, gives the public_id and sizes but no address to
 * anyone but the author (who also gets the uploaded original, to preview it while it is
 * processed). Variant names are the media-processing module's: image post, mobile,
 * placeholder; video video, poster, preview, placeholder.
 */
export function buildPostAssets(options: {
  appSecret: string;
  viewerId: string | undefined;
  asset: PostMediaRow | null;
  visibility: TPost['visibility'];
  isLocked: boolean;
}): TPost['postAssets'] {
  const { asset, viewerId } = options;
  const none = { image: null, video: null, audio: null };
  if (!asset) return none;
  const mayFetch = asset.ownerId === viewerId || (!options.isLocked && asset.status === 'ready');
  const urls = mayFetch
    ? describeAsset(
        // One post per asset (create-post.service.ts), so the post's visibility is the asset's.
        { ...asset, isOnPublicPost: options.visibility === 'everyone' },
        { appSecret: options.appSecret, viewerId: viewerId ?? null },
      ).urls
    : {};
  const sizes = { width: asset.width, height: asset.height, variants: urls };
  if (asset.kind === 'image') {
    return {
      ...none,
      image: {
        public_id: asset.publicId,
        secure_url: urls.post ?? null,
        mobile_url: urls.mobile ?? null,
        placeholder_url: urls.placeholder ?? null,
        ...sizes,
      },
    };
  }
  if (asset.kind === 'video') {
    return {
      ...none,
      video: {
        public_id: asset.publicId,
        secure_url: urls.video ?? null,
        poster: urls.poster ?? null,
        preview: urls.preview ?? null,
        placeholder_url: urls.placeholder ?? null,
        duration: asset.durationSeconds,
        ...sizes,
      },
    };
  }
  return none;
}
