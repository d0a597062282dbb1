import { once } from 'node:events';
import http from 'node:http';
import { signUpCreatorOverHttp } from '../server/src/test/factories/people.ts';

/** Shared by the media benches: an account on a running server, and streamed uploads. */

const MiB = 1024 * 1024;

/**
 * Signs a creator up (email verified, as only verified creators upload post media) and
 * returns its Cookie header.
 */
export const signUp = signUpCreatorOverHttp;

/** The start of an MP4 (an ftyp box), so the server takes the bytes as a video. */
export function mp4Header(): Buffer {
  const box = Buffer.alloc(32);
  box.writeUInt32BE(32, 0);
  box.write('ftypisom', 4, 'latin1');
  box.write('isomiso2avc1mp41', 16, 'latin1');
  return box;
}

/**
 * The bytes of a fake video: an MP4 header, then 1 MiB blocks that differ (each starts with
 * its number), made one at a time so no process ever holds the whole file.
 */
export function* generateVideoBlocks(bytes: number): Generator<Buffer> {
  for (let offset = 0; offset < bytes; offset += MiB) {
    const block = Buffer.alloc(Math.min(MiB, bytes - offset), offset / MiB);
    if (offset === 0) mp4Header().copy(block);
    else block.writeUInt32BE(offset / MiB, 0);
    yield block;
  }
}

/**
 * POST /api/media/upload?purpose=post with a multipart body streamed from `blocks`,
 * written only as fast as the server reads it.
 */
export async function uploadStreamed(
  baseUrl: string,
  cookie: string,
  bytes: number,
  blocks: Iterable<Buffer>,
): Promise<{ status: number; body: string }> {
  const boundary = `----stagepass-bench-${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\n` +
      'Content-Type: video/mp4\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const request = http.request(new URL('/api/media/upload?purpose=post', baseUrl), {
    method: 'POST',
    headers: {
      cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + bytes + tail.length,
    },
  });
  const answered = once(request, 'response') as Promise<[http.IncomingMessage]>;
  request.write(head);
  for (const block of blocks) {
    if (!request.write(block)) await once(request, 'drain');
  }
  request.end(tail);
  const [response] = await answered;
  let body = '';
  for await (const part of response) body += part;
  return { status: response.statusCode ?? 0, body };
}
