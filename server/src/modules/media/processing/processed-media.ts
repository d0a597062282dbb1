import type { MediaTools } from './media-tools.ts';

/** What a processor hands back: files to store (as variants of the asset) and what it measured. */
export type ProcessedMedia = {
  files: ProcessedFile[];
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
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
};
