import { mediaRoutes } from '@stagepass/contract/media';
import type { FastifyInstance } from 'fastify';
import { isValidMediaKey } from '../../lib/media-store.ts';
import {
  checkFolderToken,
  FOLDER_TOKEN_MAX_LIFETIME_MS,
  type FolderTokenCheck,
  PUBLIC_AUDIENCE,
} from './folder-token.ts';
import { sendForbidden, sendNotFound, sendStoredFile } from './send-stored-file.ts';

/**
 * No answer is kept longer than a token issued now may live, whatever expiry a token
 * carries: a cached copy never outlives what the rights allow by more than the token does.
 */
const MAX_CACHE_SECONDS = FOLDER_TOKEN_MAX_LIFETIME_MS / 1000;

/**
 * GET and HEAD /media/folder/<token>/<publicId>/hls/<file>: the files of a streamed video's
 * folder, opened by a folder token (folder-token.ts) that the item's read issued after its
 * access check. A player asks for hundreds of byte ranges per video, so each is answered
 * by the token's signature alone: no session, no database, registered by hand outside the
 * guard (it would look the session up). A tampered, foreign or expired token answers 403
 * alike (the player reads the item again for a new one); a path the store would refuse
 * ('..', an encoded separator) answers 404 before the token is even read, and a key outside
 * the token's folder 403, both without touching the store.
 *
 * Public folders may be kept by any cache (a CDN) until the token expires: the files under
 * a public id never change. A viewer's folder only by that viewer's browser.
 */
export async function registerFolderMediaRoutes(app: FastifyInstance): Promise<void> {
  const { mediaStore, config } = app;
  const { path, hide } = mediaRoutes.getFolderMediaFile;
  app.route<{ Params: { token: string; '*': string } }>({
    // HEAD declared, not derived: the derived one would rewrite content-length to 0.
    method: ['GET', 'HEAD'],
    url: path,
    exposeHeadRoute: false,
    schema: { hide },
    // A playing video asks for a range every few seconds: the two request lines of each
    // would bury the log and cost about 90 µs of CPU a request (more than checking the
    // token; measured with the log written nowhere). Failures (warn and error) are still written.
    logLevel: 'warn',
    handler: async (request, reply) => {
      const key = request.params['*'];
      if (!isValidMediaKey(key) || hasEscapes(request.url)) return sendNotFound(reply);
      const token = checkFolderToken({ secret: config.appSecret, token: request.params.token, key });
      if (token.result !== 'valid') return sendForbidden(reply);
      return sendStoredFile(request, reply, { mediaStore, key, cacheControl: cacheControlOf(token) });
    },
  });
}

/**
 * Tokens and keys are written without escapes; an escape in the path ('%2F' that the router
 * decodes into a separator) is someone trying another path than the one signed.
 */
function hasEscapes(url: string): boolean {
  const queryAt = url.indexOf('?');
  return (queryAt === -1 ? url : url.slice(0, queryAt)).includes('%');
}

function cacheControlOf(token: Extract<FolderTokenCheck, { result: 'valid' }>, now = Date.now()): string {
  const seconds = Math.max(0, Math.min(Math.floor((token.expiresAt - now) / 1000), MAX_CACHE_SECONDS));
  return token.audience === PUBLIC_AUDIENCE ? `public, max-age=${seconds}` : `private, max-age=${seconds}`;
}
