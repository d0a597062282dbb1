import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MEDIA_MESSAGES, MEDIA_UPLOAD_FIELD } from '@stagepass/contract/media';
import type { FastifyRequest } from 'fastify';
import { ownedName, type ServerInstance } from '../../jobs/server-instances.ts';
import { AppError } from '../../lib/errors.ts';
import { createId } from '../../lib/ids.ts';

/**
 * Where uploads are received, on the data disk (a video can be 2 GB). Each file's name
 * starts with the id of the server instance receiving it: what a killed server left here
 * goes as soon as another one sees it is dead (server-instances.ts).
 */
export function uploadFolderOf(dataDir: string): string {
  return path.join(dataDir, 'tmp', 'uploads');
}

export type UploadRules<Type> = {
  folder: string;
  /** The server instance receiving: it names the files. */
  instance: ServerInstance;
  /** How many first bytes `detectType` needs (fewer when the file is shorter). */
  headerBytes: number;
  /** The type the first bytes announce, or null to refuse the file at once. */
  detectType(header: Buffer): Type | null;
  /** The largest file of that type, in bytes. */
  maxBytesOf(type: Type): number;
  /** The largest file of any accepted type: where the multipart parser stops in any case. */
  maxBytes: number;
  unsupportedType(): AppError;
  tooLarge(type: Type): AppError;
};

export type ReceivedUpload<Type> = { file: string; bytes: number; type: Type };

/** Room in the account's quota, grown as the bytes come (upload-admission.ts). */
export type UploadRoom = {
  readonly reservedBytes: number;
  /** Reserves at least `bytes` more, or rejects with the refusal to send. */
  grow(bytes: number): Promise<void>;
};

/**
 * Streams the request's one file part to a new file in `rules.folder`, with backpressure
 * (the request is read only as fast as the disk takes it, so memory holds a few chunks
 * whatever the file's size). The type comes from the first bytes, never the part's name or
 * Content-Type: an unknown one is refused before the rest is read, and the size limit is
 * the one of that type. Past the `room` reserved in the account's quota, more is reserved
 * before more is read, and the upload is cut off when the quota has none left. The caller
 * removes the file; on failure it is already gone.
 */
export async function receiveUploadToFile<Type>(
  request: FastifyRequest,
  rules: UploadRules<Type>,
  room?: UploadRoom,
): Promise<ReceivedUpload<Type>> {
  if (!request.isMultipart()) throw noFile();
  // One byte over the largest limit, so the inspector (not the parser, which would just
  // stop) sees a file that is too large.
  const part = await request.file({ limits: { fileSize: rules.maxBytes + 1 } }).catch((error: unknown) => {
    throw asUploadError(error);
  });
  if (!part || part.fieldname !== MEDIA_UPLOAD_FIELD) {
    part?.file.resume();
    throw noFile();
  }
  const file = path.join(rules.folder, ownedName(rules.instance, `${createId(16)}.upload`));
  const inspector = new UploadInspector(rules, room);
  const output = createWriteStream(file, { flags: 'wx' });
  try {
    await pipeline(part.file, inspector, output);
    if (inspector.type === undefined || inspector.bytes === 0) throw noFile();
    return { file, bytes: inspector.bytes, type: inspector.type };
  } catch (error) {
    // A refusal in the first bytes can come before the file is even opened: removing it
    // then would leave the file the opening makes a moment later.
    if (!output.closed) await once(output, 'close').catch(() => {});
    await fs.rm(file, { force: true });
    throw asUploadError(error);
  }
}

/**
 * Passes the bytes through once the first ones show an accepted type, counting them, and
 * holds the next chunk back until the quota has room for it.
 */
class UploadInspector<Type> extends Transform {
  type: Type | undefined;
  bytes = 0;
  private limit = Number.POSITIVE_INFINITY;
  private header: Buffer[] = [];
  private headerLength = 0;

  constructor(
    private readonly rules: UploadRules<Type>,
    private readonly room: UploadRoom | undefined,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.type !== undefined && this.bytes > this.limit) {
      callback(this.rules.tooLarge(this.type));
      return;
    }
    const missing = this.bytes - (this.room?.reservedBytes ?? Number.POSITIVE_INFINITY);
    if (missing > 0) {
      this.room!.grow(missing).then(() => this.pass(chunk, callback), callback);
      return;
    }
    this.pass(chunk, callback);
  }

  private pass(chunk: Buffer, callback: TransformCallback): void {
    if (this.type !== undefined) {
      callback(null, chunk);
      return;
    }
    this.header.push(chunk);
    this.headerLength += chunk.length;
    callback(this.headerLength < this.rules.headerBytes ? null : this.decide());
  }

  override _flush(callback: TransformCallback): void {
    // A file shorter than the header: judged on what there is.
    callback(this.type === undefined && this.headerLength > 0 ? this.decide() : null);
  }

  private decide(): AppError | null {
    const start = Buffer.concat(this.header);
    this.header = [];
    const type = this.rules.detectType(start);
    if (type === null) return this.rules.unsupportedType();
    this.type = type;
    this.limit = this.rules.maxBytesOf(type);
    if (this.bytes > this.limit) return this.rules.tooLarge(type);
    this.push(start);
    return null;
  }
}

/**
 * The multipart parser throws plain errors at a body that is not the form it says it is
 * (no boundary, a part cut short): the request's fault, so a 400, not a 500. An error of
 * the system (a full disk) is ours and stays a 500.
 */
function asUploadError(error: unknown): unknown {
  if (error instanceof AppError || !(error instanceof Error) || 'syscall' in error) return error;
  const { statusCode } = error as { statusCode?: unknown };
  if (typeof statusCode === 'number' && statusCode < 500) return error;
  return new AppError('MALFORMED_UPLOAD', MEDIA_MESSAGES.noFile, 400);
}

function noFile(): AppError {
  return new AppError('NO_FILE', MEDIA_MESSAGES.noFile, 400);
}

export function tooLarge(maxBytes: number): AppError {
  // Shown in whole megabytes where it is one (20 MB), else to one decimal place.
  const megabytes = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
  return new AppError('FILE_TOO_LARGE', MEDIA_MESSAGES.tooLarge(megabytes), 413);
}
