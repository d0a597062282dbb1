import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange, MediaFileInfo, MediaStore, OpenedMediaFile } from '../../lib/media-store.ts';

/** A refused file is for nobody: no shared cache, no copy kept. */
const REFUSED = 'private, no-store';

/**
 * Answers GET or HEAD with a file of the media store once the caller decided who may have
 * it and how long it may be kept (`cacheControl`): validators, If-None-Match (304), single
 * byte ranges (206, and 416 past the end) honouring If-Range, and the type the store gives.
 * A key with no file answers 404. Both media routes (/media/<key> and the folder tokens'
 * /media/folder/<token>/<key>) answer through it, so they answer alike.
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
    return await answerFrom(file, request, reply, cacheControl);
  } finally {
    // Unless its bytes went into the answer (their stream lets the file go).
    file.close();
  }
}

async function answerFrom(
  { info, read }: OpenedMediaFile,
  request: FastifyRequest,
  reply: FastifyReply,
  cacheControl: string,
): Promise<FastifyReply> {
  reply
    .header('cache-control', cacheControl)
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
  const body = await read(range ?? undefined);
  // Gone between the look and the read (a bucket's object deleted meanwhile).
  if (!body) return sendNotFound(reply);
  return reply.send(body);
}

export function sendForbidden(reply: FastifyReply): FastifyReply {
  return reply.status(403).header('cache-control', REFUSED).type('text/plain').send('Forbidden');
}

export function sendNotFound(reply: FastifyReply): FastifyReply {
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
