import http from 'node:http';
import { eq, sql } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { jobs, mediaAssets } from '../../db/schema/index.ts';

/** Helpers of the post media tests: read what the upload recorded, upload over a real connection. */

export function findAssetRows(app: App, ownerId: string) {
  return app.db.select().from(mediaAssets).where(eq(mediaAssets.ownerId, ownerId));
}

export function findProcessingJobs(app: App, publicId: string) {
  return app.db
    .select()
    .from(jobs)
    .where(sql`${jobs.kind} = 'process-media' and ${jobs.payload}->>'publicId' = ${publicId}`);
}

export async function countJobs(app: App): Promise<number> {
  const [row] = await app.db.select({ count: sql<number>`count(*)::int` }).from(jobs);
  return row!.count;
}

export type StreamedUpload = {
  /** Sends more of the file; resolves once the connection took it. */
  write(data: Buffer): Promise<void>;
  /** Sends the end of the form. */
  end(): void;
  /** The answer, as soon as the server sends it (maybe before the body is all sent). */
  answer: Promise<{ status: number; json: Record<string, unknown>; headers: http.IncomingHttpHeaders }>;
  abort(): void;
};

/**
 * An upload over a real connection whose file is sent piece by piece, as a slow phone
 * sends it: with its length declared up front (Content-Length), or without (chunked).
 */
export function startStreamedUpload(
  baseUrl: string,
  options: { cookie: string; purpose?: 'post' | 'avatar'; declaredFileBytes?: number },
): StreamedUpload {
  const boundary = '----stagepass-streamed-upload';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clip"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL(`/api/media/upload?purpose=${options.purpose ?? 'post'}`, baseUrl);
  const request = http.request(url, {
    method: 'POST',
    agent: false,
    headers: {
      cookie: options.cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(options.declaredFileBytes === undefined
        ? { 'transfer-encoding': 'chunked' }
        : { 'content-length': String(head.length + options.declaredFileBytes + tail.length) }),
    },
  });
  const answer = new Promise<Awaited<StreamedUpload['answer']>>((resolve, reject) => {
    request.on('response', async (response) => {
      let text = '';
      for await (const part of response) text += part;
      resolve({ status: response.statusCode ?? 0, json: JSON.parse(text), headers: response.headers });
    });
    // A server that answered early may close while the body is still being sent.
    request.on('error', (error) => setTimeout(() => reject(error), 1_000));
  });
  answer.catch(() => {});
  request.write(head);
  return {
    // Also done when the connection closed: a server that has answered may stop reading.
    write: (data) =>
      new Promise((resolve) => {
        if (request.destroyed || request.write(data)) {
          resolve();
          return;
        }
        const done = () => {
          request.off('drain', done).off('close', done);
          resolve();
        };
        request.on('drain', done).on('close', done);
      }),
    end: () => request.end(tail),
    answer,
    abort: () => request.destroy(),
  };
}
