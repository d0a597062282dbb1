import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { isValidMediaKey, type MediaStore } from '../../lib/media-store.ts';
import {
  createFolderTokenChecker,
  FOLDER_TOKEN_MAX_LIFETIME_MS,
  FOLDER_TOKEN_PREFIX,
  type FolderTokenCheck,
  type FolderTokenChecker,
  PUBLIC_AUDIENCE,
} from './folder-token.ts';
import { writeForbidden, writeNotFound, writeStoredFile } from './send-stored-file.ts';

/**
 * No answer is kept longer than a token issued now may live, whatever expiry a token
 * carries: a cached copy never outlives what the rights allow by more than the token does.
 */
const MAX_CACHE_SECONDS = FOLDER_TOKEN_MAX_LIFETIME_MS / 1000;
const FOLDER_PATH_PREFIX = `${FOLDER_TOKEN_PREFIX}/`;

/**
 * GET and HEAD /media/folder/<token>/<publicId>/hls/<file>: the files of a streamed video's
 * folder, opened by a folder token (folder-token.ts) that the item's read issued after its
 * access check. A player asks for hundreds of byte ranges per video, so each is answered
 * by the token's signature alone: no session, no database. Answered before Fastify routes
 * the request (answer-before-routing.ts): Fastify's work per request cost more than the
 * answer (bench:video-segments), and none of its hooks apply here (no session, no body, no
 * query read). Other methods go on to Fastify, which answers 404 as for any unknown
 * address. A tampered, foreign or expired token answers 403 alike (the player reads the
 * item again for a new one); a path the store would refuse ('..', an encoded separator)
 * answers 404 before the token is even read, and a key outside the token's folder 403,
 * both without touching the store. Nothing is logged but failures (warn and error): a
 * playing video asks for a range every few seconds, and two lines a request would bury the
 * log.
 *
 * Public folders may be kept by any cache (a CDN) until the token expires: the files under
 * a public id never change. A viewer's folder only by that viewer's browser.
 */
export function registerFolderMedia(app: FastifyInstance): void {
  const { mediaStore, config } = app;
  const checkToken = createFolderTokenChecker(config.appSecret);
  app.answerBeforeRouting({
    prefix: FOLDER_PATH_PREFIX,
    methods: ['GET', 'HEAD'],
    handler: (request, response) => answerFolderFile(request, response, { mediaStore, checkToken }),
  });
}

async function answerFolderFile(
  request: IncomingMessage,
  response: ServerResponse,
  { mediaStore, checkToken }: { mediaStore: MediaStore; checkToken: FolderTokenChecker },
): Promise<void> {
  const address = parseFolderAddress(request.url ?? '');
  if (!address) return writeNotFound(response);
  const token = checkToken(address.token, address.key);
  if (token.result !== 'valid') return writeForbidden(response);
  return writeStoredFile(request, response, {
    mediaStore,
    key: address.key,
    cacheControl: cacheControlOf(token),
  });
}

/**
 * The token and store key of `/media/folder/<token>/<key>?<query>` (the query is not read);
 * undefined for a key the store would refuse or any escape in the path. Tokens and keys are
 * written without escapes: an escape ('%2F', which would decode into a separator) is
 * someone trying another path than the one signed.
 */
function parseFolderAddress(url: string): { token: string; key: string } | undefined {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!path.startsWith(FOLDER_PATH_PREFIX) || path.includes('%')) return undefined;
  const tokenEnd = path.indexOf('/', FOLDER_PATH_PREFIX.length);
  if (tokenEnd <= FOLDER_PATH_PREFIX.length) return undefined;
  const key = path.slice(tokenEnd + 1);
  if (!isValidMediaKey(key)) return undefined;
  return { token: path.slice(FOLDER_PATH_PREFIX.length, tokenEnd), key };
}

function cacheControlOf(token: Extract<FolderTokenCheck, { result: 'valid' }>, now = Date.now()): string {
  const seconds = Math.max(0, Math.min(Math.floor((token.expiresAt - now) / 1000), MAX_CACHE_SECONDS));
  return token.audience === PUBLIC_AUDIENCE ? `public, max-age=${seconds}` : `private, max-age=${seconds}`;
}
