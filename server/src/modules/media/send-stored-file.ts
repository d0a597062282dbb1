import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange, MediaFileInfo, MediaStore, OpenedMediaFile } from '../../lib/media-store.ts';

/** A refused file is for nobody: no shared cache, no copy kept. */
const REFUSED = 'private, no-store';
const NOT_FOUND = 'no-store';

/**
 * Answers GET or HEAD with a file of the media store once the caller decided who may have
 * it and how long it may be kept (`cacheControl`): validators, If-None-Match (304), single
 * byte ranges (206, and 416 past the end) honouring If-Range, and the type the store gives.
 * A key with no file answers 404. Both media routes answer through planAnswer, so they
 * answer alike: /media/<key> through Fastify (this function), the folder tokens'
 * /media/folder/<token>/<key> on the raw response before Fastify routes it (writeStoredFile).
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { mediaStore: MediaStore; key: string; cacheControl: string },
): Promise<FastifyReply> {
  const { mediaStore, key, cacheControl } = options;
  const file = await mediaStore.openFile(key);
  if (!file) return sendNotFound(reply);
  try {
    const answer = planAnswer(file.info, request.raw, cacheControl);
    if (!answer.hasBody) return reply.status(answer.status).headers(answer.headers).send();
    const body = await file.read(answer.range);
    // Gone between the look and the read (a bucket's object deleted meanwhile).
    if (!body) return sendNotFound(reply);
    return reply.status(answer.status).headers(answer.headers).send(body);
  } finally {
    // Unless its bytes went into the answer (their stream lets the file go).
    file.close();
  }
}

/** sendStoredFile on Node's request and response; the stream ends when the answer does. */
export async function writeStoredFile(
  request: IncomingMessage,
  response: ServerResponse,
  options: { mediaStore: MediaStore; key: string; cacheControl: string },
): Promise<void> {
  const { mediaStore, key, cacheControl } = options;
  const file = await mediaStore.openFile(key);
  if (!file) return writeNotFound(response);
  let body: Awaited<ReturnType<OpenedMediaFile['read']>> = null;
  try {
    const answer = planAnswer(file.info, request, cacheControl);
    if (answer.hasBody) {
      body = await file.read(answer.range);
      if (!body) return writeNotFound(response);
    }
    response.writeHead(answer.status, answer.headers);
    if (!body) {
      response.end();
      return;
    }
  } finally {
    file.close();
  }
  await sendBody(body, response);
}

/**
 * The bytes into the answer; settles when the answer is done or cut. A client that goes
 * away lets the file go; a read that fails cuts the answer (its head is out already).
 * Hand-written rather than stream/promises' pipeline, whose abort controller, and the
 * DOMException it makes at every finish, cost about a sixth of a byte range's CPU
 * (bench:video-segments).
 */
function sendBody(body: Readable, response: ServerResponse): Promise<void> {
  return new Promise((resolve, reject) => {
    body.once('error', (error) => {
      response.destroy();
      reject(error);
    });
    response.once('close', () => {
      body.destroy();
      resolve();
    });
    body.pipe(response);
  });
}

type PlannedAnswer = {
  status: 200 | 206 | 304 | 416;
  headers: Record<string, string | number>;
  /** The bytes to send (all of them without a range); false for HEAD, 304 and 416. */
  hasBody: boolean;
  range: ByteRange | undefined;
};

function planAnswer(info: MediaFileInfo, request: IncomingMessage, cacheControl: string): PlannedAnswer {
  const headers: PlannedAnswer['headers'] = {
    'cache-control': cacheControl,
    etag: info.etag,
    'last-modified': info.modifiedAt.toUTCString(),
    'accept-ranges': 'bytes',
    'content-type': info.contentType,
  };
  if (matchesEtag(request.headers['if-none-match'], info.etag)) {
    return { status: 304, headers, hasBody: false, range: undefined };
  }
  const ifRange = request.headers['if-range'];
  const rangeHeader = ifRange === undefined || ifRange === info.etag ? request.headers.range : undefined;
  const range = parseRange(rangeHeader, info.size);
  if (range === 'unsatisfiable') {
    headers['content-range'] = `bytes */${info.size}`;
    headers['content-length'] = 0;
    return { status: 416, headers, hasBody: false, range: undefined };
  }
  if (range) headers['content-range'] = `bytes ${range.start}-${range.end}/${info.size}`;
  headers['content-length'] = range ? range.end - range.start + 1 : info.size;
  return {
    status: range ? 206 : 200,
    headers,
    hasBody: request.method !== 'HEAD',
    range: range ?? undefined,
  };
}

export function sendForbidden(reply: FastifyReply): FastifyReply {
  return reply.status(403).header('cache-control', REFUSED).type('text/plain').send('Forbidden');
}

export function sendNotFound(reply: FastifyReply): FastifyReply {
  return reply.status(404).header('cache-control', NOT_FOUND).type('text/plain').send('Not found');
}

export function writeForbidden(response: ServerResponse): void {
  writeText(response, 403, REFUSED, 'Forbidden');
}

export function writeNotFound(response: ServerResponse): void {
  writeText(response, 404, NOT_FOUND, 'Not found');
}

function writeText(response: ServerResponse, status: number, cacheControl: string, text: string): void {
  response
    .writeHead(status, {
      'cache-control': cacheControl,
      'content-type': 'text/plain',
      'content-length': Buffer.byteLength(text),
    })
    .end(text);
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
