import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createErrorBody, describePathTooLong } from './error-handler.ts';

const ONE_YEAR_IN_SECONDS = 31_536_000;

/**
 * What a feature knows about one page of the SPA before the browser runs it: the status
 * to answer with and, optionally, head tags (already HTML-escaped) that replace the
 * default <title> and description, so link previews and crawlers see the page's own.
 */
export type PageHead = { statusCode: number; headHtml?: string };
export type DescribePage = (request: FastifyRequest) => Promise<PageHead | undefined>;

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
export async function registerWebApp(
  app: FastifyInstance,
  options: { describePage?: DescribePage } = {},
): Promise<void> {
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
    if (isApiPath(request.url)) return answerNoApiRoute(request, reply);
    if (!isPageRequest(request)) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    // A page whose head cannot be worked out (the database is down, say) is still the app.
    const head = await options.describePage?.(request).catch((error: unknown) => {
      request.log.error({ err: error }, 'page head not described');
      return undefined;
    });
    return head ? sendIndexWithHead(indexFile, reply, head) : sendIndexIfBuilt(indexFile, reply);
  });
}

/** index.html as built, re-read only when the file changes (a rebuild while running). */
let cachedIndex: { version: string; html: string } | undefined;

async function readIndexHtml(indexFile: string): Promise<string | undefined> {
  const stat = await fs.promises.stat(indexFile).catch(() => undefined);
  if (!stat) return undefined;
  const version = `${indexFile}:${stat.mtimeMs}:${stat.size}`;
  if (cachedIndex?.version !== version) {
    cachedIndex = { version, html: await fs.promises.readFile(indexFile, 'utf8') };
  }
  return cachedIndex.html;
}

/** The SPA's HTML with a page's own head tags; never cached without re-checking. */
async function sendIndexWithHead(indexFile: string, reply: FastifyReply, head: PageHead) {
  const html = await readIndexHtml(indexFile);
  if (html === undefined) return sendIndexIfBuilt(indexFile, reply);
  return reply
    .status(head.statusCode)
    .header('cache-control', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(head.headHtml ? replaceDefaultHead(html, head.headHtml) : html);
}

// Replacer functions, not strings: a '$&' in a user's bio must stay text.
function replaceDefaultHead(html: string, headHtml: string): string {
  const withoutDescription = html.replace(/<meta\s+name="description"[^>]*>\s*/i, () => '');
  if (/<title>[\s\S]*?<\/title>/i.test(withoutDescription)) {
    return withoutDescription.replace(/<title>[\s\S]*?<\/title>/i, () => headHtml);
  }
  return withoutDescription.replace(/<\/head>/i, () => `${headHtml}</head>`);
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

// Enough of a path to recognise it; a path can be as long as the headers allow (16 KB).
const MAX_ECHOED_PATH_LENGTH = 200;

function answerNoApiRoute(request: FastifyRequest, reply: FastifyReply) {
  const requestPath = stripQuery(request.url);
  // The router matches no route when a path parameter is longer than its limit: the route
  // may well exist, so say what is wrong (the same answer as for methods without the
  // catch-all GET route, which Fastify refuses itself).
  const { maxParamLength } = request.server.initialConfig;
  if (requestPath.split('/').some((segment) => segment.length > (maxParamLength ?? 100))) {
    return reply
      .status(414)
      .send(createErrorBody('FST_ERR_MAX_PARAM_LENGTH', describePathTooLong(maxParamLength)));
  }
  const shownPath =
    requestPath.length > MAX_ECHOED_PATH_LENGTH
      ? `${requestPath.slice(0, MAX_ECHOED_PATH_LENGTH)}…`
      : requestPath;
  return reply.status(404).send(createErrorBody('NOT_FOUND', `No API route ${request.method} ${shownPath}`));
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
