import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createErrorBody } from './error-handler.ts';

const ONE_YEAR_IN_SECONDS = 31_536_000;

// A missing file under these folders, or a missing file with one of these endings, is a
// real 404: handing back the SPA's HTML for a missing script or icon only makes the
// browser choke on it. Everything else is a page of the SPA.
const ASSET_PREFIXES = ['/assets/', '/icons/', '/media/'];
const STATIC_FILE_ENDING =
  /\.(js|mjs|css|map|png|jpe?g|gif|webp|avif|svg|ico|txt|xml|json|webmanifest|woff2?)$/i;

/**
 * Serves the built React app: files from web/dist, and index.html for every other
 * non-API path so deep links such as /creators/featured load directly. Files are looked
 * up per request, so a rebuild while the server runs is picked up.
 */
export async function registerWebApp(app: FastifyInstance): Promise<void> {
  const root = app.config.webDistDir;
  const indexFile = path.join(root, 'index.html');
  if (!fs.existsSync(indexFile))
    app.log.warn(`web app not built at ${root}: run "npm run build" to serve it`);

  await app.register(fastifyStatic, {
    root,
    index: false,
    // Our own cache headers below; the plugin's default would overwrite them.
    cacheControl: false,
    // The build writes .br and .gz copies (web/scripts/precompress.mjs).
    preCompressed: true,
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', getCacheControl(root, filePath));
      // The same URL answers brotli, gzip or plain bytes: shared caches must keep them apart.
      res.setHeader('vary', 'accept-encoding');
    },
  });

  // The static plugin answers a folder with 403; the site's root is the SPA like any page.
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndexIfBuilt(indexFile, reply));

  app.setNotFoundHandler(async (request, reply) => {
    if (isApiPath(request.url)) {
      const message = `No API route ${request.method} ${stripQuery(request.url)}`;
      return reply.status(404).send(createErrorBody('NOT_FOUND', message));
    }
    if (!isPageRequest(request)) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    return sendIndexIfBuilt(indexFile, reply);
  });
}

function sendIndexIfBuilt(indexFile: string, reply: FastifyReply) {
  if (!fs.existsSync(indexFile)) {
    return reply
      .status(503)
      .type('text/plain')
      .send('The web app is not built yet. Run "npm run build" (npm start does it for you).');
  }
  // Cache headers come from setHeaders: index.html names the hashed bundles of one build,
  // so it is re-checked on every visit.
  return reply.sendFile('index.html');
}

function getCacheControl(root: string, filePath: string): string {
  const relative = `/${path.relative(root, filePath).split(path.sep).join('/')}`;
  // Vite puts a content hash in every file name under /assets/, so they never change.
  if (relative.startsWith('/assets/')) return `public, max-age=${ONE_YEAR_IN_SECONDS}, immutable`;
  // index.html, the service worker, manifest and icons must update when a new build is deployed.
  return 'no-cache';
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const requestPath = stripQuery(request.url);
  return (
    !ASSET_PREFIXES.some((prefix) => requestPath.startsWith(prefix)) && !STATIC_FILE_ENDING.test(requestPath)
  );
}

function stripQuery(url: string): string {
  const queryStart = url.indexOf('?');
  return queryStart === -1 ? url : url.slice(0, queryStart);
}
