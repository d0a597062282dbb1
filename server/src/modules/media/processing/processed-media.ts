import type { MediaRendition } from '../../../db/schema/index.ts';
import type { MediaTools } from './media-tools.ts';

/** What a processor hands back: files to store (as variants of the asset) and what it measured. */
export type ProcessedMedia = {
  files: ProcessedFile[];
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  /** A video's streaming ladder, as media_assets.renditions keeps it. */
  renditions?: MediaRendition[];
};

export type ProcessedFile = {
  /** The variant's name in media_assets.variants. */
  name: string;
  /** '<publicId>/<name>.<ext>': a fixed key, so a re-run overwrites instead of adding. */
  key: string;
  /** The bytes, or the path of a file in the work folder. */
  body: Buffer | { path: string };
  contentType: string;
};

export type ProcessorInput = {
  publicId: string;
  /** The original, copied from the store into `workDir`. */
  originalFile: string;
  /** A fresh folder of this run, removed afterwards. */
  workDir: string;
  tools: () => Promise<MediaTools>;
  signal: AbortSignal;
  /**
   * How far the processing has come, 0–99 (100 is 'ready'), called as often as ffmpeg
   * tells (about twice a second): the caller decides how often to record it.
   */
  onProgress?: (percent: number) => void;
};
