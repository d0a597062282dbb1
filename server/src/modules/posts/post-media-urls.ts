import type { TPost } from '@stagepass/contract/posts';
import type { MediaAccessRow } from '../media/media-urls.service.ts';
import { describeAsset, issueStreamingUrls, PUBLIC_AUDIENCE } from '../media/media-urls.service.ts';

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
 * placeholder; video poster, preview, placeholder, and its hls folder, streamed through one
 * folder token: 'public' for a public post (the same address for everybody, signed-out
 * visitors included), the viewer's own otherwise; a locked viewer gets no token at all.
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
    // A signed-out visitor can only be watching a public post (any other is locked for them).
    const audience = options.visibility === 'everyone' ? PUBLIC_AUDIENCE : viewerId;
    const mayStream = audience !== undefined && (isOwner || !options.isLocked);
    const stream = mayStream ? issueStreamingUrls({ appSecret: options.appSecret, asset, audience }) : null;
    return {
      ...none,
      video: {
        public_id: asset.publicId,
        secure_url: stream?.master ?? null,
        audio_only_url: stream?.audioOnly ?? null,
        thumbnails_url: stream?.thumbnails ?? null,
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
