import type { TVideoStream } from '@stagepass/contract/video';
import {
  describeAsset,
  issueStreamingUrls,
  listQualitySizes,
  PUBLIC_AUDIENCE,
} from '../media/media-urls.service.ts';
import type { VideoAssetRow } from './video-view.ts';

/** What a viewer without access may fetch of a video: the server-cut preview, the poster and its placeholder. */
const TEASER_VARIANTS = ['preview', 'poster', 'placeholder'];

/**
 * How one viewer plays a video (decision 025). A viewer with full access gets the folder
 * token's addresses (the master playlist, the sound-only playlist, the thumbnail strip):
 * one token for everybody when the video is public, so a CDN and the browser may keep its
 * files; the viewer's own otherwise. Anyone else gets no token at all, only the teaser.
 */
export function buildVideoStream(options: {
  appSecret: string;
  viewerId: string | undefined;
  asset: VideoAssetRow;
  isPublic: boolean;
  hasFullAccess: boolean;
}): TVideoStream {
  const { asset, appSecret } = options;
  const isReady = asset.status === 'ready';
  const teaser = isReady
    ? describeAsset(
        { ...asset, isOnPublicItem: options.isPublic, hasOpenTeaser: true },
        { appSecret, viewerId: options.viewerId ?? null, variants: TEASER_VARIANTS },
      ).urls
    : {};
  const audience = options.isPublic ? PUBLIC_AUDIENCE : options.viewerId;
  const streaming =
    options.hasFullAccess && audience !== undefined
      ? issueStreamingUrls({ appSecret, asset, audience })
      : null;
  return {
    master_url: streaming?.master ?? null,
    audio_only_url: streaming?.audioOnly ?? null,
    thumbnails_url: streaming?.thumbnails ?? null,
    preview_url: teaser.preview ?? null,
    poster_url: teaser.poster ?? null,
    placeholder_url: teaser.placeholder ?? null,
    duration: isReady ? asset.durationSeconds : null,
    width: asset.width,
    height: asset.height,
    renditions: isReady
      ? listQualitySizes(asset.renditions ?? [], asset.durationSeconds).map((quality) => ({
          name: quality.name,
          height: quality.height,
          bytes: quality.bytes,
          bytesPerMinute: quality.bytesPerMinute ?? 0,
        }))
      : [],
    expiresAt: streaming ? expiryOf(streaming.master) : null,
  };
}

/** When a folder address stops working: the expiry that opens its token (`<exp>.<audience>.<sig>`). */
function expiryOf(folderUrl: string): string {
  const token = folderUrl.split('/')[3] ?? '';
  return new Date(Number(token.split('.')[0]) * 1000).toISOString();
}
