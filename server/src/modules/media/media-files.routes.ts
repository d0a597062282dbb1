import { mediaRoutes } from '@stagepass/contract/media';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ByteRange, isValidMediaKey, type MediaFileInfo } from '../../lib/media-store.ts';
import { findCurrentSession } from '../../plugins/session.ts';
import { findSignedViewerCheck } from './media.service.ts';
import { findMediaAccess, findVariantName, isOpenVariant } from './media-access.ts';
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
      const info = await mediaStore.stat(key);
      if (!info) return sendNotFound(reply);

      reply
        .header('cache-control', access === 'open' ? IMMUTABLE : PROTECTED)
        .header('etag', info.etag)
        .header('last-modified', info.modifiedAt.toUTCString())
        .header('accept-ranges', 'bytes')
        .type(info.contentType);
      if (matchesEtag(request.headers['if-none-match'], info.etag)) return reply.status(304).send();

      const ifRange = request.headers['if-range'];
      const rangeHeader = ifRange === undefined || ifRange === info.etag ? request.headers.range : undefined;
      const range = parseRange(rangeHeader, info.size);
      if (range === 'unsatisfiable') {
        return reply.status(416).header('content-range', `bytes */${info.size}`).send();
      }
      if (range) {
        reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
      }
      const length = range ? range.end - range.start + 1 : info.size;
      reply.header('content-length', length);
      if (request.method === 'HEAD') return reply.send();
      const body = await mediaStore.open(key, range ?? undefined);
      // Deleted between the stat and the open.
      if (!body) return sendNotFound(reply);
      return reply.send(body);
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

function sendForbidden(reply: FastifyReply) {
  return reply.status(403).header('cache-control', PROTECTED).type('text/plain').send('Forbidden');
}

function sendNotFound(reply: FastifyReply) {
  return reply
    .status(404)
    .removeHeader('etag')
    .removeHeader('last-modified')
    .removeHeader('accept-ranges')
    .removeHeader('content-length')
    .header('cache-control', 'no-store')
    .type('text/plain')
    .send('Not found');
}

/** If-None-Match: a list of tags, weak ones compared weakly, or '*'. */
function matchesEtag(header: string | undefined, etag: MediaFileInfo['etag']): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * One 'bytes=' range, as an inclusive start and end; null to send the whole file (no
 * header, another unit, or several ranges, which a server may answer in full).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first, last] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // The last N bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  // 'bytes=5-3' is malformed, and a malformed range is ignored.
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}
