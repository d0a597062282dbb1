import { mediaRoutes } from '@stagepass/contract/media';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isValidMediaKey } from '../../lib/media-store.ts';
import { findCurrentSession } from '../../plugins/session.ts';
import { findSignedViewerCheck } from './media.service.ts';
import { findMediaAccess, findVariantName, isOpenVariant } from './media-access.ts';
import { sendForbidden, sendNotFound, sendStoredFile } from './send-stored-file.ts';
import { checkMediaSignature } from './signed-media-url.ts';

// Stored files never change (a new upload gets a new public id), so they may be kept a year.
const IMMUTABLE = 'public, max-age=31536000, immutable';
// A protected file is for one viewer, now: no shared cache, no copy kept after the visit.
const PROTECTED = 'private, no-store';

/**
 * GET and HEAD /media/<key>: files from the media store with validators, ranges (for the
 * video and audio players) and caching. Open files (avatars, media of public posts) get a
 * year-long cache; every other file needs a signed address for the signed-in viewer
 * (issueMediaUrls) and is answered 403 without one. A key the store refuses ('..',
 * encoded separators, hidden names) or no asset lists answers like a missing file; there
 * is no listing.
 */
export async function registerMediaFileRoutes(app: FastifyInstance): Promise<void> {
  const { mediaStore } = app;
  const { path, hide } = mediaRoutes.getMediaFile;
  // HEAD is declared, not derived from GET: the derived one would rewrite content-length to 0.
  // registerRoute takes one method, so this route is registered by hand from its declaration.
  app.route<{ Params: { '*': string } }>({
    method: ['GET', 'HEAD'],
    url: path,
    exposeHeadRoute: false,
    schema: { hide },
    handler: async (request, reply) => {
      const key = request.params['*'];
      const access = await decideAccess(request, key);
      if (access === 'not-found') return sendNotFound(reply);
      if (access === 'forbidden') return sendForbidden(reply);
      return sendStoredFile(request, reply, {
        mediaStore,
        key,
        cacheControl: access === 'open' ? IMMUTABLE : PROTECTED,
      });
    },
  });
}

/**
 * 'open' for anybody; 'signed' when the address carries a valid signature for the
 * signed-in viewer; 'forbidden' for a protected file without one (a missing, forged or
 * expired signature, or somebody else's address).
 */
async function decideAccess(
  request: FastifyRequest,
  key: string,
): Promise<'open' | 'signed' | 'forbidden' | 'not-found'> {
  if (!isValidMediaKey(key)) return 'not-found';
  const signature = checkMediaSignature({
    secret: request.server.config.appSecret,
    key,
    query: request.query as Record<string, unknown>,
  });
  const viewerCheck =
    signature.viewerId === undefined ? undefined : findSignedViewerCheck(signature.viewerId);
  // A valid signature for a user will need the session: both lookups go to the database at once.
  const current = signature.result === 'valid' && !viewerCheck ? findCurrentSession(request) : undefined;
  current?.catch(() => {}); // awaited below, or not needed when the file is open
  const asset = await findMediaAccess(request.server.db, key.split('/')[0]!);
  const variantName = asset && findVariantName(asset, key);
  if (!asset || !variantName) return 'not-found';
  if (isOpenVariant(asset, variantName)) return 'open';
  if (viewerCheck && signature.result === 'valid' && signature.viewerId) {
    return (await viewerCheck(request.server.db, signature.viewerId, asset)) ? 'signed' : 'forbidden';
  }
  if (!current) return 'forbidden';
  return (await current)?.user.id === signature.viewerId ? 'signed' : 'forbidden';
}
