import fs from 'node:fs/promises';
import path from 'node:path';
import type { TVideoVisibility } from '@stagepass/contract/video';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { MediaStore } from '../../lib/media-store.ts';
// The shared factories write the rows, back-dated as the demo wants them.
import { insertVideoRows, type VideoRowInput } from '../../test/factories/video.ts';
import { storePostMedia } from '../media/post-media.service.ts';
import { PATTERNS, renderTestPatternVideo } from '../media/processing/pattern-video.service.ts';
import type { DemoCreator } from './demo-people.ts';
import { type DemoScratch, makeDemoWorkDir } from './demo-scratch.ts';

/**
 * The demo's video library: a filmmaker's series of three short episodes (the first for
 * everyone, the others for pass holders) and two stand-alone videos (one public, one sold
 * on its own), so discover, the Videos tab and the watch page have something to play. The
 * clips are drawn by ffmpeg and go through the real pipeline: stored as uploads and made
 * into their streaming ladder by the background jobs once the server runs.
 */

const HOUR_MS = 3_600_000;
const AUTHOR = 'mutalefilms';

type DemoClip = {
  title: string;
  description: string;
  visibility: TVideoVisibility;
  price?: number;
  seconds: number;
  /** A 720p source gets the 720p rung; the others stop at 360p (small: the seed draws them at start). */
  size: { width: number; height: number };
  hoursAgo: number;
};

const SERIES = {
  title: 'Copperbelt Stories',
  description: 'A short series shot between Kitwe and Ndola. Episode 1 is free; pass holders see them all.',
  hoursAgo: 60,
};

const EPISODES: readonly DemoClip[] = [
  {
    title: 'Episode 1: The road to Kitwe',
    description: 'Where it starts: the crew, the car, and a long road north.',
    visibility: 'everyone',
    seconds: 8,
    size: { width: 1280, height: 720 },
    hoursAgo: 59,
  },
  {
    title: 'Episode 2: Night market',
    description: 'Ndola after dark, one stall at a time.',
    visibility: 'subscribers',
    seconds: 8,
    size: { width: 640, height: 360 },
    hoursAgo: 34,
  },
  {
    title: 'Episode 3: Home',
    description: 'The last day of the shoot, and what we brought back.',
    visibility: 'subscribers',
    seconds: 8,
    size: { width: 640, height: 360 },
    hoursAgo: 10,
  },
];

const STAND_ALONE: readonly DemoClip[] = [
  {
    title: 'Behind the scenes: lighting a night scene',
    description: 'Three lamps and a lot of patience.',
    visibility: 'everyone',
    seconds: 8,
    size: { width: 640, height: 360 },
    hoursAgo: 5,
  },
  {
    title: 'Director’s cut: the opening shot',
    description: 'The full opening of my next short, unlocked once and yours to keep.',
    visibility: 'pay-to-unlock',
    price: 2000,
    seconds: 8,
    size: { width: 640, height: 360 },
    hoursAgo: 26,
  },
];

export async function seedDemoVideos(options: {
  db: Db;
  mediaStore: MediaStore;
  appSecret: string;
  tools: { ffmpegPath: string | undefined; ffprobePath: string | undefined };
  creators: readonly { id: string; creator: DemoCreator }[];
  log: Pick<FastifyBaseLogger, 'warn'>;
  scratch: DemoScratch;
}): Promise<number> {
  const author = options.creators.find(({ creator }) => creator.username === AUTHOR);
  if (!author) return 0;
  const now = Date.now();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR_MS);
  const workDir = await makeDemoWorkDir(options.scratch, 'demo-videos');
  try {
    const clips = [...EPISODES, ...STAND_ALONE];
    const files = await Promise.all(
      clips.map((clip, index) =>
        storeDemoClip({
          ...options,
          ownerId: author.id,
          clip,
          index,
          file: path.join(workDir, `${index}.mp4`),
        }).catch((error: unknown) => {
          // The demo goes on without this video (no ffmpeg, say).
          options.log.warn({ err: error, title: clip.title }, 'demo video not made');
          return undefined;
        }),
      ),
    );
    const [seriesId] = await insertVideoRows(options.db, [
      { authorId: author.id, kind: 'series', ...SERIES, createdAt: at(SERIES.hoursAgo) },
    ]);
    let position = 0;
    const rows: VideoRowInput[] = clips.flatMap((clip, index) => {
      const filePublicId = files[index];
      if (!filePublicId) return [];
      const isEpisode = index < EPISODES.length;
      return [
        {
          authorId: author.id,
          kind: 'video' as const,
          title: clip.title,
          description: clip.description,
          filePublicId,
          visibility: clip.visibility,
          price: clip.price ?? null,
          parentId: isEpisode ? seriesId : null,
          position: isEpisode ? ++position : null,
          createdAt: at(clip.hoursAgo),
        },
      ];
    });
    await insertVideoRows(options.db, rows);
    return rows.length;
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

async function storeDemoClip(options: {
  db: Db;
  mediaStore: MediaStore;
  appSecret: string;
  tools: { ffmpegPath: string | undefined; ffprobePath: string | undefined };
  ownerId: string;
  clip: DemoClip;
  index: number;
  file: string;
}): Promise<string> {
  const { clip, index } = options;
  await renderTestPatternVideo(options.file, options.tools, {
    seconds: clip.seconds,
    ...clip.size,
    pattern: PATTERNS[index % PATTERNS.length],
    toneHz: 330 + index * 55,
  });
  const { size } = await fs.stat(options.file);
  const asset = await storePostMedia({
    db: options.db,
    mediaStore: options.mediaStore,
    appSecret: options.appSecret,
    ownerId: options.ownerId,
    upload: {
      file: options.file,
      bytes: size,
      type: { kind: 'video', extension: 'mp4', contentType: 'video/mp4' },
    },
  });
  return asset.public_id;
}
