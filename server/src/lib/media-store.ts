import fsCallbacks, { createReadStream, createWriteStream, type Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createId } from './ids.ts';

/**
 * Where uploaded files live: local disk under DATA_DIR/media (the default, here) or any
 * S3-compatible bucket (media-store-s3.ts), chosen by create-media-store.ts. Keys are
 * '/'-separated relative names such as '<publicId>/avatar256.webp'; stored files never
 * change once written (a new upload gets a new key), which is what lets them be cached for
 * a year. Both implementations pass the same tests (media-store-contract.ts).
 */
export type MediaStore = {
  kind: 'local' | 's3';
  /** Whether files can be written now (reported by /api/health). */
  check(): Promise<boolean>;
  /** Writes a whole file; readers see either nothing or all of it, never a part. */
  put(key: string, body: Buffer | Readable, options: { contentType: string }): Promise<{ bytes: number }>;
  /**
   * Stores a file from local disk, streamed, never held whole in memory. The file may be
   * moved rather than copied (the local store renames it when it can): the caller removes
   * it afterwards with `rm -f` either way.
   */
  putFile(key: string, file: string, options: { contentType: string }): Promise<{ bytes: number }>;
  /** Size, type and version of a stored file, or null when there is none. */
  stat(key: string): Promise<MediaFileInfo | null>;
  /** The file's bytes, or the inclusive byte range of them; null when there is no file. */
  open(key: string, range?: ByteRange): Promise<Readable | null>;
  /**
   * A file held ready to be answered from: what stat tells, then its bytes when wanted, in
   * one lookup (the local store opens the file once, so the bytes read are those of the
   * version described, and a request costs no second look at the disk). null when there is
   * no file. Call `close()` when done with it, read or not.
   */
  openFile(key: string): Promise<OpenedMediaFile | null>;
  /** Removes files; a key with no file is not an error, so a retry finishes a partial delete. */
  delete(keys: readonly string[]): Promise<void>;
  /** Removes every file whose key starts with `<prefix>/` (an asset's folder). */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * The folders at the top of the store (each an asset's `<publicId>`), a page at a time,
   * so the sweep can find folders no asset row names any more.
   */
  listFolders(): AsyncIterable<string[]>;
  /** When the newest file under `<prefix>/` was written; null when there is none. */
  findNewestFile(prefix: string): Promise<Date | null>;
  /**
   * Removes what writes cut off by a crash left behind: the local store's temporary files
   * (in '.incoming', untouched since `before`), an S3 bucket's multipart uploads never
   * completed (begun before `before`). Never a write this process has in flight. Returns how
   * many it removed.
   */
  deleteAbandonedWrites(before: Date): Promise<number>;
};

export type MediaFileInfo = {
  size: number;
  contentType: string;
  /** A strong validator: changes whenever the bytes could have changed. */
  etag: string;
  modifiedAt: Date;
};

export type ByteRange = { start: number; end: number };

export type OpenedMediaFile = {
  info: MediaFileInfo;
  /**
   * The bytes, or an inclusive range of them, once: the stream lets the file go when it ends
   * or is destroyed. null when the file went meanwhile (a bucket cannot hold it open).
   */
  read(range?: ByteRange): Promise<Readable | null>;
  /** Lets the file go if it was not read (HEAD, 304, 416); nothing after a read. */
  close(): void;
};

export class InvalidMediaKeyError extends Error {
  override name = 'InvalidMediaKeyError';
}

// Each segment starts with a letter, digit, '-' or '_': no '.', '..' or hidden names (the
// store's own '.incoming' folder), no separators, no percent signs or other surprises.
const KEY_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_SEGMENTS = 8;

/** Whether a key is one the store may hold: relative, no '..', only url-safe characters. */
export function isValidMediaKey(key: string): boolean {
  const segments = key.split('/');
  return segments.length <= MAX_KEY_SEGMENTS && segments.every((segment) => KEY_SEGMENT.test(segment));
}

export function assertValidKey(key: string): void {
  if (!isValidMediaKey(key)) throw new InvalidMediaKeyError(`invalid media key: ${JSON.stringify(key)}`);
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.mp4': 'video/mp4',
  '.heic': 'image/heic',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
  '.mkv': 'video/x-matroska',
  '.m4a': 'audio/mp4',
  '.aac': 'audio/aac',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
  '.flac': 'audio/flac',
  // An audio track's waveform (peaks for the seek bar), made by media processing.
  '.json': 'application/json',
  // A streamed video's folder (folder tokens): HLS playlists, fMP4 segments, thumbnail cues.
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m4s': 'video/iso.segment',
  '.vtt': 'text/vtt',
};

/** The local store keeps no metadata beside the bytes: a file's type follows its ending. */
export function contentTypeForKey(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * A byte range of up to 1 MB (a streamed video's segment) is read in one go, not in the
 * stream's default 64 KB pieces: a quarter of the reads and writes for a 200 KB segment,
 * each a hop through libuv's threads (bench:video-segments). Anything longer (a whole
 * file, a media element's open-ended 'bytes=0-') streams in the default pieces, so a slow
 * listener holds 64 KB in memory, not a megabyte.
 */
const LARGEST_SINGLE_READ_BYTES = 1024 * 1024;
const STREAMED_READ_BYTES = 64 * 1024;

function readSizeOf(length: number): number {
  return length <= LARGEST_SINGLE_READ_BYTES ? Math.max(length, 1) : STREAMED_READ_BYTES;
}

const INCOMING_FOLDER = '.incoming';
const FOLDER_PAGE = 500;
const STALE_INCOMING_MS = 60 * 60_000;

export async function createLocalMediaStore(root: string): Promise<MediaStore> {
  const incoming = path.join(root, INCOMING_FOLDER);
  await fs.mkdir(incoming, { recursive: true });
  // Another server on this disk may be writing now: only what has been quiet for an hour.
  await removeStaleFiles(incoming, new Date(Date.now() - STALE_INCOMING_MS), new Set());
  /** This process's temporary files being written: never stale, however slow. */
  const inFlight = new Set<string>();
  const writeThroughTemporary = async (target: string, write: (temporary: string) => Promise<void>) => {
    // Written beside the store's files (same disk, so the rename is atomic) but outside
    // every key's folder, so a half-written file is never visible under its name.
    const temporary = path.join(incoming, `${createId(16)}.tmp`);
    inFlight.add(temporary);
    try {
      await write(temporary);
      return await moveIntoPlace(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    } finally {
      inFlight.delete(temporary);
    }
  };
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split('/'));
  };
  const statFile = async (key: string): Promise<Stats | null> => {
    const stats = await fs.stat(fileOf(key)).catch(ignoreMissing);
    return stats?.isFile() ? stats : null;
  };
  const describe = (key: string, stats: Stats): MediaFileInfo => ({
    size: stats.size,
    contentType: contentTypeForKey(key),
    etag: `"${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}-${stats.ino.toString(36)}"`,
    modifiedAt: stats.mtime,
  });

  return {
    kind: 'local',
    check: async () => {
      try {
        await fs.access(root, fs.constants.W_OK);
        return true;
      } catch {
        return false;
      }
    },

    // The type is not stored: it follows the key's ending (contentTypeForKey).
    async put(key, body) {
      return writeThroughTemporary(fileOf(key), async (temporary) => {
        const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
        await pipeline(source, createWriteStream(temporary, { flags: 'wx' }));
      });
    },

    async putFile(key, file) {
      return writeThroughTemporary(fileOf(key), async (temporary) => {
        // An upload received under DATA_DIR is on the same disk: a rename, not a 2 GB copy.
        await fs.rename(file, temporary).catch(async (error: NodeJS.ErrnoException) => {
          if (error.code !== 'EXDEV') throw error;
          await fs.copyFile(file, temporary, fs.constants.COPYFILE_EXCL);
        });
      });
    },

    async stat(key) {
      if (!isValidMediaKey(key)) return null;
      const stats = await statFile(key);
      return stats && describe(key, stats);
    },

    async open(key, range) {
      if (!isValidMediaKey(key) || !(await statFile(key))) return null;
      return createReadStream(fileOf(key), range ? { start: range.start, end: range.end } : {});
    },

    async openFile(key) {
      if (!isValidMediaKey(key)) return null;
      const file = fileOf(key);
      const opened = await openForReading(file);
      if (!opened) return null;
      const { fd, stats } = opened;
      let isLetGo = false;
      return {
        info: describe(key, stats),
        read: async (range) => {
          if (isLetGo) throw new Error(`${key} was read or closed already`);
          isLetGo = true;
          if (!range) return createReadStream(file, { fd, highWaterMark: STREAMED_READ_BYTES });
          const { start, end } = range;
          return createReadStream(file, { fd, start, end, highWaterMark: readSizeOf(end - start + 1) });
        },
        close: () => {
          if (isLetGo) return;
          isLetGo = true;
          closeQuietly(fd);
        },
      };
    },

    async delete(keys) {
      for (const key of keys) {
        const file = fileOf(key);
        await fs.rm(file, { force: true });
        await removeEmptyFolders(path.dirname(file), root);
      }
    },

    async deletePrefix(prefix) {
      const folder = fileOf(prefix);
      await fs.rm(folder, { recursive: true, force: true });
      await removeEmptyFolders(path.dirname(folder), root);
    },

    async *listFolders() {
      const entries = await fs.readdir(root, { withFileTypes: true });
      // '.incoming' and anything else that is not a key's folder stays out.
      const names = entries.filter((entry) => entry.isDirectory() && isValidMediaKey(entry.name));
      for (let start = 0; start < names.length; start += FOLDER_PAGE) {
        yield names.slice(start, start + FOLDER_PAGE).map((entry) => entry.name);
      }
    },

    async findNewestFile(prefix) {
      const entries = await fs
        .readdir(fileOf(prefix), { recursive: true, withFileTypes: true })
        .catch(ignoreMissing);
      let newest: Date | null = null;
      for (const entry of entries ?? []) {
        if (!entry.isFile()) continue;
        const stats = await fs.stat(path.join(entry.parentPath, entry.name)).catch(ignoreMissing);
        if (stats && (!newest || stats.mtime > newest)) newest = stats.mtime;
      }
      return newest;
    },

    async deleteAbandonedWrites(before) {
      return removeStaleFiles(incoming, before, inFlight);
    },
  };
}

/**
 * The file opened for reading and what fstat says of it; null when there is no such file
 * (or it is a folder). The callback API rather than fs/promises, whose open makes a
 * FileHandle: opening and closing cost three times the CPU that way (60 against 17 µs here).
 */
function openForReading(file: string): Promise<{ fd: number; stats: Stats } | null> {
  return new Promise((resolve, reject) => {
    fsCallbacks.open(file, 'r', (openError, fd) => {
      if (openError) return ignoreMissingOrFail(openError, resolve, reject);
      fsCallbacks.fstat(fd, (statError, stats) => {
        if (statError || !stats.isFile()) {
          closeQuietly(fd);
          return statError ? reject(statError) : resolve(null);
        }
        resolve({ fd, stats });
      });
    });
  });
}

function ignoreMissingOrFail(
  error: NodeJS.ErrnoException,
  resolve: (value: null) => void,
  reject: (error: unknown) => void,
): void {
  if (error.code === 'ENOENT' || error.code === 'ENOTDIR' || error.code === 'EISDIR') resolve(null);
  else reject(error);
}

function closeQuietly(fd: number): void {
  fsCallbacks.close(fd, () => {});
}

async function moveIntoPlace(temporary: string, target: string): Promise<{ bytes: number }> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.rename(temporary, target);
  return { bytes: (await fs.stat(target)).size };
}

/** Removes a key's folders once they hold nothing, up to (not including) the store's root. */
async function removeEmptyFolders(folder: string, root: string): Promise<void> {
  for (let current = folder; current.startsWith(root + path.sep); current = path.dirname(current)) {
    try {
      await fs.rmdir(current);
    } catch {
      return; // not empty (or already gone): leave it and everything above it
    }
  }
}

/**
 * Temporary files left only by a crash in the middle of a write: those not modified since
 * `before` (a write in progress keeps touching its file) and not written by this process.
 */
async function removeStaleFiles(
  folder: string,
  before: Date,
  inFlight: ReadonlySet<string>,
): Promise<number> {
  let removed = 0;
  for (const name of (await fs.readdir(folder).catch(ignoreMissing)) ?? []) {
    const file = path.join(folder, name);
    if (inFlight.has(file)) continue;
    const stats = await fs.stat(file).catch(ignoreMissing);
    if (!stats || stats.mtime >= before) continue;
    await fs.rm(file, { force: true, recursive: true });
    removed += 1;
  }
  return removed;
}

function ignoreMissing(error: NodeJS.ErrnoException): null {
  if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
  throw error;
}
