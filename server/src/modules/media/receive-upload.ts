import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MEDIA_MESSAGES } from '@stagepass/contract/media';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { createId } from '../../lib/ids.ts';

export const UPLOAD_FIELD = 'file';
const STALE_UPLOAD_MS = 60 * 60_000;

/** The folder for uploads being received; whatever a crash left there an hour ago goes. */
export async function prepareUploadFolder(folder: string): Promise<void> {
  await fs.mkdir(folder, { recursive: true });
  const cutoff = Date.now() - STALE_UPLOAD_MS;
  for (const name of await fs.readdir(folder)) {
    const file = path.join(folder, name);
    const stats = await fs.stat(file).catch(() => null);
    if (stats && stats.mtimeMs < cutoff) await fs.rm(file, { force: true });
  }
}

/**
 * Streams the request's one file part to a new file in `folder`, stopping at `maxBytes`
 * (the multipart parser's limit, set when the plugin is registered), and returns its path.
 * Only the bytes on disk are ever trusted: the part's name and Content-Type are ignored.
 * The caller removes the file; on failure it is already gone.
 */
export async function receiveUploadToFile(
  request: FastifyRequest,
  options: { folder: string; maxBytes: number },
): Promise<string> {
  if (!request.isMultipart()) throw noFile();
  const part = await request.file();
  if (!part || part.fieldname !== UPLOAD_FIELD) {
    part?.file.resume();
    throw noFile();
  }
  const file = path.join(options.folder, `${createId(16)}.upload`);
  try {
    await pipeline(part.file, createWriteStream(file, { flags: 'wx' }));
    // The parser stops writing at the limit and marks the part truncated.
    if (part.file.truncated) throw tooLarge(options.maxBytes);
    const { size } = await fs.stat(file);
    if (size === 0) throw noFile();
    return file;
  } catch (error) {
    await fs.rm(file, { force: true });
    throw error;
  }
}

function noFile(): AppError {
  return new AppError('NO_FILE', MEDIA_MESSAGES.noFile, 400);
}

export function tooLarge(maxBytes: number): AppError {
  // Shown in whole megabytes where it is one (20 MB), else to one decimal place.
  const megabytes = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
  return new AppError('FILE_TOO_LARGE', MEDIA_MESSAGES.tooLarge(megabytes), 413);
}
