import type { TPost } from '@stagepass/contract/posts';
import type { MediaAccessRow } from '../media/media-urls.service.ts';
import { describeAsset } from '../media/media-urls.service.ts';

/** The media columns of a post's asset, as the post queries read them (joined, not looked up). */
export type PostMediaRow = Omit<MediaAccessRow, 'isOnPublicItem' | 'hasOpenTeaser'>;

/**
 * postAssets of a post for one viewer, with addresses from the media module (plain /media
 * addresses for a public post's variants, signed ones for this viewer otherwise). Media
 * still being processed gives the public_id and sizes but no address to anyone but the
 * author (who also gets the uploaded original, to preview it while it is processed). A
 * locked post (access decided the viewer gets its preview) gives only the preview variants,
 * signed for a signed-in viewer: the tiny blurred placeholder and a video's 30-second cut,
 * never an address of the full file. Variant names are the media-processing module's: image post, mobile,
 * placeholder; video video, poster, preview, placeholder.
 */
/** What a viewer without access may fetch of a post's media. */
const PREVIEW_VARIANTS = ['placeholder', 'preview'] as const;

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
  const isOwner = asset.ownerId === viewerId;
  const mayFetch = isOwner || asset.status === 'ready';
  const urls = mayFetch
    ? describeAsset(
        // One post per asset (create-post.service.ts), so the post's visibility is the asset's.
        { ...asset, isOnPublicItem: options.visibility === 'everyone', hasOpenTeaser: false },
        {
          appSecret: options.appSecret,
          viewerId: viewerId ?? null,
          // Without access: the blurred placeholder and the server-cut preview, never the full file.
          ...(options.isLocked && !isOwner && { variants: PREVIEW_VARIANTS }),
        },
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
