import type { TMediaKind, TMediaStatus } from '@stagepass/contract/media';
import type { Db } from '../../db/client.ts';
import {
  findMediaAccess,
  findMediaAccessOfMany,
  isOpenVariant,
  type MediaAccessRow,
  ORIGINAL_VARIANT,
} from './media-access.ts';
import { mediaUrlExpiry, signMediaUrl } from './signed-media-url.ts';

// And the addresses of a streamed video's folder (decision 025), signed after the item's access check.
export { PUBLIC_AUDIENCE, signFolderUrl, streamingFolderOf } from './folder-token.ts';
// What another module needs to read a media asset together with its own rows (posts join
// their asset in the same query, then describe it here): the columns and the row they give.
export { type MediaAccessRow, mediaAssetColumns } from './media-access.ts';

export type IssuedMediaUrls = {
  publicId: string;
  kind: TMediaKind;
  status: TMediaStatus;
  failureReason: string | null;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  /**
   * Variant name → address. Open variants get their plain /media address (cacheable for a
   * year); the others an address signed for this viewer. The original is listed for its
   * owner only.
   */
  urls: Record<string, string>;
  /** When the signed addresses among them stop working; null when none is signed. */
  expiresAt: Date | null;
};

type IssueOptions = {
  db: Db;
  /** APP_SECRET (config.appSecret), which signs the addresses. */
  appSecret: string;
  /** The signed-in viewer, or null for a visitor (who gets open addresses only). */
  viewerId: string | null;
  /** Only these variants (e.g. ['preview'] for a viewer who has not paid); all when omitted. */
  variants?: readonly string[];
};

/**
 * The addresses through which `viewerId` may fetch an asset's files. Call it AFTER deciding
 * that the viewer may see the post (access.service.ts's rule, decided in the post's read;
 * a viewer with the preview only asks for the preview variants): it checks nothing about
 * the viewer's rights, it only signs for them what is not open.
 * Undefined when there is no such asset.
 */
export async function issueMediaUrls(
  options: IssueOptions & { publicId: string },
): Promise<IssuedMediaUrls | undefined> {
  const asset = await findMediaAccess(options.db, options.publicId);
  return asset && describeAsset(asset, options);
}

/** issueMediaUrls for a page of posts in one query, by public id. */
export async function issueMediaUrlsForMany(
  options: IssueOptions & { publicIds: readonly string[] },
): Promise<Map<string, IssuedMediaUrls>> {
  const assets = await findMediaAccessOfMany(options.db, options.publicIds);
  return new Map(assets.map((asset) => [asset.publicId, describeAsset(asset, options)]));
}

/** The same for an asset already read (the status route reads it for its owner check). */
export function describeAsset(asset: MediaAccessRow, options: Omit<IssueOptions, 'db'>): IssuedMediaUrls {
  const expiresAt = mediaUrlExpiry();
  let isAnySigned = false;
  const urls: Record<string, string> = {};
  for (const [name, key] of Object.entries(asset.variants)) {
    if (options.variants && !options.variants.includes(name)) continue;
    if (name === ORIGINAL_VARIANT && asset.purpose === 'post' && options.viewerId !== asset.ownerId) continue;
    if (isOpenVariant(asset, name)) {
      urls[name] = `/media/${key}`;
    } else if (options.viewerId) {
      urls[name] = signMediaUrl({ secret: options.appSecret, key, viewerId: options.viewerId, expiresAt });
      isAnySigned = true;
    }
  }
  return {
    publicId: asset.publicId,
    kind: asset.kind,
    status: asset.status,
    failureReason: asset.failureReason,
    width: asset.width,
    height: asset.height,
    durationSeconds: asset.durationSeconds,
    urls,
    expiresAt: isAnySigned ? expiresAt : null,
  };
}
export { mediaUrlExpiry, signMediaUrl } from './signed-media-url.ts';
