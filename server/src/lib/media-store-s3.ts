import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '../config.ts';
import { assertValidKey, contentTypeForKey, isValidMediaKey, type MediaStore } from './media-store.ts';

/**
 * Parts of a multipart upload. Memory per upload stays near (QUEUE_SIZE + 1) × PART_SIZE
 * whatever the file's size, which is what keeps a 2 GB video out of the server's memory.
 * 5 MiB is S3's smallest part; 10,000 parts (its limit) of it allow 48 GiB.
 */
const PART_SIZE = 5 * 1024 * 1024;
// One part in flight while the next fills: a person's upload arrives far slower than the
// server sends to its bucket, so more in flight buys no speed, only memory (two in flight
// put ~30 MB more on the server's peak in bench/upload-memory.ts).
const QUEUE_SIZE = 1;
/** S3 deletes at most 1,000 keys per request. */
const DELETE_BATCH = 1000;
const HEALTH_TIMEOUT_MS = 3000;

/**
 * The media store on any S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2,
 * Wasabi …), with the local store's guarantees: an object exists only once its upload is
 * complete (S3 shows nothing of an unfinished multipart upload, and a failed one is
 * aborted), reads take ranges, and a missing key is not an error on delete.
 */
export function createS3MediaStore(settings: S3Settings): MediaStore {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Path-style addresses (endpoint/bucket/key) work on every S3-compatible service,
    // while bucket subdomains need DNS that a MinIO or a test server does not have.
    forcePathStyle: true,
    // The SDK's default CRC checksums on every request are not implemented by all
    // S3-compatible services; send them only where the API requires one (DeleteObjects).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;

  /** Keys this process is uploading: their multipart uploads are never abandoned, however slow. */
  const inFlight = new Map<string, number>();
  const upload = async (key: string, body: Buffer | Readable, contentType: string) => {
    assertValidKey(key);
    const transfer = new Upload({
      client,
      params: { Bucket, Key: key, Body: body, ContentType: contentType },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      // A failed transfer aborts its multipart upload, so no parts are left to pay for.
      leavePartsOnError: false,
    });
    inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
    try {
      await transfer.done();
    } finally {
      const left = (inFlight.get(key) ?? 1) - 1;
      if (left > 0) inFlight.set(key, left);
      else inFlight.delete(key);
    }
  };

  const statObject = async (key: string) => {
    try {
      return await client.send(new HeadObjectCommand({ Bucket, Key: key }));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };

  const describeObject: MediaStore['stat'] = async (key) => {
    if (!isValidMediaKey(key)) return null;
    const head = await statObject(key);
    if (!head) return null;
    return {
      size: head.ContentLength ?? 0,
      contentType: head.ContentType ?? contentTypeForKey(key),
      // S3's ETag changes with the bytes (an MD5, or a digest of the parts' MD5s).
      etag: head.ETag ?? `"${head.ContentLength}-${head.LastModified?.getTime()}"`,
      modifiedAt: head.LastModified ?? new Date(0),
    };
  };

  const readObject: MediaStore['open'] = async (key, range) => {
    if (!isValidMediaKey(key)) return null;
    try {
      const answer = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      // In Node the body is the HTTP response itself: streamed, never buffered.
      return answer.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };

  async function* listPages(query: { Prefix?: string; Delimiter?: string }) {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, ...query, ContinuationToken }));
      yield page;
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  const deleteKeys = async (keys: readonly string[]) => {
    for (let start = 0; start < keys.length; start += DELETE_BATCH) {
      const batch = keys.slice(start, start + DELETE_BATCH);
      const result = await client.send(
        new DeleteObjectsCommand({
          Bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const [failure] = result.Errors ?? [];
      if (failure) throw new Error(`could not delete ${failure.Key}: ${failure.Code} ${failure.Message}`);
    }
  };

  return {
    kind: 's3',

    check: async () => {
      try {
        await client.send(new HeadBucketCommand({ Bucket }), {
          abortSignal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
        });
        return true;
      } catch {
        return false;
      }
    },

    async put(key, body, { contentType }) {
      await upload(key, body, contentType);
      if (Buffer.isBuffer(body)) return { bytes: body.length };
      return { bytes: (await statObject(key))?.ContentLength ?? 0 };
    },

    async putFile(key, file, { contentType }) {
      const { size } = await fs.stat(file);
      // The stream's own backpressure: the next bytes are read only once a part is sent.
      await upload(key, createReadStream(file, { highWaterMark: 1024 * 1024 }), contentType);
      return { bytes: size };
    },

    stat: describeObject,
    open: readObject,

    async openFile(key) {
      const info = await describeObject(key);
      // Nothing is held open on a bucket: the bytes are asked for when read.
      return info && { info, read: (range) => readObject(key, range), close: () => {} };
    },

    async delete(keys) {
      keys.forEach(assertValidKey);
      await deleteKeys(keys);
    },

    async deletePrefix(prefix) {
      assertValidKey(prefix);
      for await (const page of listPages({ Prefix: `${prefix}/` })) {
        await deleteKeys((page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
      }
    },

    async *listFolders() {
      // One entry per folder (S3's common prefixes), not one per file.
      for await (const page of listPages({ Delimiter: '/' })) {
        const folders = (page.CommonPrefixes ?? []).flatMap(({ Prefix }) => {
          const name = Prefix?.slice(0, -1) ?? '';
          return isValidMediaKey(name) ? [name] : [];
        });
        if (folders.length > 0) yield folders;
      }
    },

    async findNewestFile(prefix) {
      assertValidKey(prefix);
      let newest: Date | null = null;
      for await (const page of listPages({ Prefix: `${prefix}/` })) {
        for (const { LastModified } of page.Contents ?? []) {
          if (LastModified && (!newest || LastModified > newest)) newest = LastModified;
        }
      }
      return newest;
    },

    // A crash keeps the transfer from aborting its multipart upload: its parts stay, unseen
    // and paid for. Only keys the store could have written (the bucket may hold others').
    async deleteAbandonedWrites(before) {
      let removed = 0;
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      do {
        const page = await client.send(
          new ListMultipartUploadsCommand({ Bucket, KeyMarker, UploadIdMarker }),
        );
        for (const { Key, UploadId, Initiated } of page.Uploads ?? []) {
          if (!Key || !UploadId || !Initiated || Initiated >= before) continue;
          if (!isValidMediaKey(Key) || inFlight.has(Key)) continue;
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }));
          removed += 1;
        }
        KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
      } while (KeyMarker);
      return removed;
    },
  };
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const status = (error as Partial<S3ServiceException>).$metadata?.httpStatusCode;
  return error.name === 'NotFound' || error.name === 'NoSuchKey' || status === 404;
}
