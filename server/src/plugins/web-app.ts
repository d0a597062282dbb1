import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failure } from './error-handler.ts';

const ONE_YEAR_IN_SECONDS = 31_536_000;

// Missing files under these folders are real 404s; handing back the SPA's HTML for a
// missing script or image would only make the browser choke on it.
const ASSET_PREFIXES = ['/assets/', '/icons/', '/media/'];

/**
 * Serves the built React app: files from web/dist, and index.html for every other
 * non-API path so deep links such as /creators/featured load directly.
 */
export async function registerWebApp(app: FastifyInstance): Promise<void> {
  const root = app.config.webDistDir;
  const indexFile = path.join(root, 'index.html');
  const isBuilt = fs.existsSync(indexFile);

  if (isBuilt) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // Our own cache headers below; the plugin's default would overwrite them.
      cacheControl: false,
      // The build writes .br and .gz copies (web/scripts/precompress.mjs).
      preCompressed: true,
      setHeaders: (res, filePath) => res.setHeader('cache-control', cacheControlFor(root, filePath)),
    });
  } else {
    app.log.warn(`web app not built at ${root}: run "npm run build" to serve it`);
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (isApiPath(request.url)) {
      return reply
        .status(404)
        .send(failure('NOT_FOUND', `No API route ${request.method} ${pathOf(request.url)}`));
    }
    if (!isPageRequest(request)) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    if (!isBuilt) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet. Run "npm run build" (npm start does it for you).');
    }
    return sendIndex(reply);
  });
}

function sendIndex(reply: FastifyReply) {
  // index.html names the hashed bundles of one build: it must be re-checked on every visit.
  return reply.header('cache-control', 'no-cache').sendFile('index.html');
}

function cacheControlFor(root: string, filePath: string): string {
  const relative = `/${path.relative(root, filePath).split(path.sep).join('/')}`;
  // Vite puts a content hash in every file name under /assets/, so they never change.
  if (relative.startsWith('/assets/')) return `public, max-age=${ONE_YEAR_IN_SECONDS}, immutable`;
  // The service worker, manifest and icons must update when a new build is deployed.
  return 'no-cache';
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const requestPath = pathOf(request.url);
  return !ASSET_PREFIXES.some((prefix) => requestPath.startsWith(prefix));
}

function pathOf(url: string): string {
  const queryStart = url.indexOf('?');
  return queryStart === -1 ? url : url.slice(0, queryStart);
}
