import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { App } from '../../../app.ts';
import { type MediaAssetRow, mediaAssets } from '../../../db/schema/index.ts';
import { waitFor } from '../../../jobs/test-jobs.ts';
import { readMasterPlaylist, readMediaPlaylist } from './hls-playlists.ts';
import { findMediaTools } from './media-tools.ts';
import { runTool } from './run-tool.ts';
import { readStored } from './test-media.ts';

/** What the video tests read of a ladder: one folder on disk, as a player would fetch it. */

export type ProbedRendition = {
  name: string;
  streams: { codec_type: string; codec_name: string; width?: number; height?: number; channels?: number }[];
  /** Seconds, as ffprobe reads the rendition through its media playlist. */
  duration: number;
  segmentDurations: number[];
  /** Every segment (and the init segment) is a byte range of this one file. */
  files: string[];
  /** The byte ranges, init segment first, end to end, cover the whole file. */
  isFileCoveredByRanges: boolean;
  hasIndependentSegments: boolean;
};

/** Copies an asset's stored hls folder into `dir` (every variant named 'hls/…'). */
export async function copyStreamingFolder(app: App, asset: MediaAssetRow, dir: string): Promise<string[]> {
  const names: string[] = [];
  for (const [name, key] of Object.entries(asset.variants)) {
    if (!name.startsWith('hls/')) continue;
    await fs.writeFile(path.join(dir, path.basename(key)), await readStored(app, key));
    names.push(path.basename(key));
  }
  return names.sort();
}

/**
 * Every rendition the master playlist in `dir` names, read by ffprobe through its media
 * playlist (the hls demuxer, as a player reads it), with its segments.
 */
export async function probeLadder(dir: string): Promise<ProbedRendition[]> {
  const master = readMasterPlaylist(await fs.readFile(path.join(dir, 'master.m3u8'), 'utf8'));
  const uris = [
    ...new Set([
      ...master.variants.map((variant) => variant.uri),
      ...master.media.flatMap((m) => m.uri ?? []),
    ]),
  ];
  return Promise.all(uris.map((uri) => probeRendition(dir, uri)));
}

async function probeRendition(dir: string, uri: string): Promise<ProbedRendition> {
  const { ffprobe } = await findMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
  const playlistFile = path.join(dir, uri);
  const output = await runTool(
    ffprobe,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', playlistFile],
    { timeoutMs: 60_000 },
  );
  const parsed = JSON.parse(output) as { streams: ProbedRendition['streams']; format: { duration: string } };
  const text = await fs.readFile(playlistFile, 'utf8');
  const playlist = readMediaPlaylist(text);
  const ranges = [...(playlist.map ? [playlist.map] : []), ...playlist.segments];
  const files = [...new Set(ranges.map((range) => range.uri))];
  const size = files.length === 1 ? (await fs.stat(path.join(dir, files[0]!))).size : -1;
  let next = 0;
  const isContiguous = ranges.every((range) => {
    const isNext = range.offset === next && range.length > 0;
    next = range.offset + range.length;
    return isNext;
  });
  return {
    name: path.basename(uri, '.m3u8'),
    streams: parsed.streams.map(({ codec_type, codec_name, width, height, channels }) => ({
      codec_type,
      codec_name,
      width,
      height,
      channels,
    })),
    duration: Number(parsed.format.duration),
    segmentDurations: playlist.segments.map((segment) => segment.durationSeconds),
    files,
    isFileCoveredByRanges: isContiguous && next === size && playlist.isEnded,
    hasIndependentSegments: text.includes('#EXT-X-INDEPENDENT-SEGMENTS'),
  };
}

/** The types of an MP4's top-level boxes, in file order. */
export function topLevelBoxes(mp4: Buffer): string[] {
  const boxes: string[] = [];
  for (let offset = 0; offset + 8 <= mp4.length; ) {
    let size = mp4.readUInt32BE(offset);
    boxes.push(mp4.toString('latin1', offset + 4, offset + 8));
    if (size === 1) size = Number(mp4.readBigUInt64BE(offset + 8));
    if (size === 0) break; // the box runs to the end of the file
    offset += size;
  }
  return boxes;
}

/**
 * Waits until the asset is processed, noting every processing_progress it had on the way
 * (read as often as the author's page could).
 */
export async function waitWatchingProgress(
  app: App,
  publicId: string,
  timeoutMs: number,
): Promise<{ asset: MediaAssetRow; progressSeen: number[] }> {
  const progressSeen: number[] = [];
  const asset = await waitFor(
    async () => {
      const [row] = await app.db.select().from(mediaAssets).where(eq(mediaAssets.publicId, publicId));
      if (row && progressSeen.at(-1) !== row.processingProgress) progressSeen.push(row.processingProgress);
      await new Promise((resolve) => setTimeout(resolve, 250));
      return row && row.status !== 'processing' ? row : undefined;
    },
    { timeoutMs, what: `asset ${publicId} to be processed` },
  );
  return { asset, progressSeen };
}

/** The display matrix side data ffprobe finds in a file's video (none once upright). */
export async function readRotation(file: string): Promise<number | null> {
  const { ffprobe } = await findMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
  const output = await runTool(
    ffprobe,
    ['-v', 'error', '-print_format', 'json', '-show_streams', '-select_streams', 'v:0', file],
    { timeoutMs: 30_000 },
  );
  const [stream] = (JSON.parse(output) as { streams: { side_data_list?: { rotation?: number }[] }[] })
    .streams;
  return stream?.side_data_list?.find((data) => data.rotation !== undefined)?.rotation ?? null;
}
