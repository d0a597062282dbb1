import type { TVideoRendition, TVideoStream } from '@stagepass/contract/video';
import type { MediaRendition } from '../../db/schema/index.ts';
import {
  describeAsset,
  PUBLIC_AUDIENCE,
  signFolderUrl,
  streamingFolderOf,
} from '../media/media-urls.service.ts';
import type { VideoAssetRow } from './video-view.ts';

/** What a viewer without access may fetch of a video: the server-cut preview, the poster and its placeholder. */
const TEASER_VARIANTS = ['preview', 'poster', 'placeholder'];
const AUDIO_RUNG = 'audio';

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
  const renditions = isReady ? toDataCosts(asset.renditions ?? [], asset.durationSeconds) : [];
  const audience = options.isPublic ? PUBLIC_AUDIENCE : options.viewerId;
  const mayStream = isReady && options.hasFullAccess && audience !== undefined;
  const folder = streamingFolderOf(asset.publicId);
  let expiresAt: string | null = null;
  const addressOf = (file: string): string => {
    const url = signFolderUrl({ secret: appSecret, folder, file, audience: audience! });
    expiresAt ??= new Date(Number(url.split('/')[3]!.split('.')[0]) * 1000).toISOString();
    return url;
  };
  const hasFile = (file: string) => Object.values(asset.variants).includes(`${folder}/${file}`);
  return {
    master_url: mayStream ? addressOf('master.m3u8') : null,
    audio_only_url: mayStream && hasFile('audio.m3u8') ? addressOf('audio.m3u8') : null,
    thumbnails_url: mayStream && hasFile('thumbnails.vtt') ? addressOf('thumbnails.vtt') : null,
    preview_url: teaser.preview ?? null,
    poster_url: teaser.poster ?? null,
    placeholder_url: teaser.placeholder ?? null,
    duration: isReady ? asset.durationSeconds : null,
    width: asset.width,
    height: asset.height,
    renditions,
    expiresAt,
  };
}

/**
 * What each quality downloads: a video rung plays with the sound rendition beside it (one
 * audio group for every rung), so its cost is both; the sound-only rung is the sound alone.
 */
export function toDataCosts(
  renditions: readonly MediaRendition[],
  durationSeconds: number | null,
): TVideoRendition[] {
  const sound = renditions.find((rendition) => rendition.name === AUDIO_RUNG);
  const minutes = durationSeconds && durationSeconds > 0 ? durationSeconds / 60 : null;
  return renditions.map((rendition) => {
    const bytes = rendition.name === AUDIO_RUNG ? rendition.bytes : rendition.bytes + (sound?.bytes ?? 0);
    return {
      name: rendition.name,
      height: rendition.height,
      bytes,
      bytesPerMinute: minutes ? Math.round(bytes / minutes) : 0,
    };
  });
}
