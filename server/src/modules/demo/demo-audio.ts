import fs from 'node:fs/promises';
import path from 'node:path';
import type { TAudioGenre, TAudioVisibility } from '@stagepass/contract/audio';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import type { MediaStore } from '../../lib/media-store.ts';
// The shared factories write the rows, back-dated as the demo wants them.
import { insertTrackRows } from '../../test/factories/audio.ts';
import { storePostMedia } from '../media/post-media.service.ts';
import { renderDemoTune } from '../media/processing/pattern-audio.service.ts';
import { escapeXml } from './demo-avatar.ts';
import type { DemoCreator } from './demo-people.ts';
import { type DemoScratch, makeDemoWorkDir } from './demo-scratch.ts';

/**
 * The demo's audio: the music artists and a podcaster publish a few tracks (public, for pass
 * holders, and pay-to-unlock), so the Audio tab, the player and its 30-second preview have
 * something to play. The tunes are synthesised by ffmpeg and go through the real pipeline:
 * stored as uploads and processed by the background jobs once the server runs.
 */

type DemoTrack = {
  username: string;
  title: string;
  genre: TAudioGenre;
  visibility: TAudioVisibility;
  /** Ngwee, for pay-to-unlock. */
  price?: number;
  tune: { seconds: number; rootHz: number; notesPerSecond: number };
  hoursAgo: number;
};

const HOUR_MS = 3_600_000;

const DEMO_TRACKS: readonly DemoTrack[] = [
  {
    username: 'mwilabanda',
    title: 'Lusaka Sunrise',
    genre: 'Afrobeats',
    visibility: 'everyone',
    tune: { seconds: 50, rootHz: 262, notesPerSecond: 4 },
    hoursAgo: 2,
  },
  {
    username: 'mwilabanda',
    title: 'Zambezi Nights',
    genre: 'Afrobeats',
    visibility: 'pay-to-unlock',
    price: 1500,
    tune: { seconds: 55, rootHz: 220, notesPerSecond: 3 },
    hoursAgo: 20,
  },
  {
    username: 'mwilabanda',
    title: 'Kabwe Blues (members’ mix)',
    genre: 'Kalindula',
    visibility: 'subscribers',
    tune: { seconds: 45, rootHz: 196, notesPerSecond: 2 },
    hoursAgo: 44,
  },
  {
    username: 'chandatalks',
    title: 'Episode 1: Building in Lusaka',
    genre: 'Talk and interviews',
    visibility: 'everyone',
    tune: { seconds: 40, rootHz: 175, notesPerSecond: 1 },
    hoursAgo: 30,
  },
];

export async function seedDemoAudio(options: {
  db: Db;
  mediaStore: MediaStore;
  appSecret: string;
  tools: { ffmpegPath: string | undefined; ffprobePath: string | undefined };
  creators: readonly { id: string; creator: DemoCreator }[];
  log: Pick<FastifyBaseLogger, 'warn'>;
  scratch: DemoScratch;
}): Promise<number> {
  const now = Date.now();
  const workDir = await makeDemoWorkDir(options.scratch, 'demo-audio');
  try {
    const planned = DEMO_TRACKS.flatMap((track) => {
      const author = options.creators.find(({ creator }) => creator.username === track.username);
      return author ? [{ track, author }] : [];
    });
    const assets = await Promise.all(
      planned.map(({ track, author }, index) =>
        storeDemoTrackFiles({ ...options, track, author, file: path.join(workDir, String(index)) }).catch(
          (error: unknown) => {
            // The demo goes on without this track (no ffmpeg, say).
            options.log.warn({ err: error, title: track.title }, 'demo track not made');
            return undefined;
          },
        ),
      ),
    );
    const rows = planned.flatMap(({ track, author }, index) => {
      const asset = assets[index];
      if (!asset) return [];
      return [
        {
          authorId: author.id,
          title: track.title,
          genre: track.genre,
          audioPublicId: asset.audio,
          coverPublicId: asset.cover,
          visibility: track.visibility,
          price: track.price ?? null,
          createdAt: new Date(now - track.hoursAgo * HOUR_MS),
        },
      ];
    });
    if (rows.length > 0) await insertTrackRows(options.db, rows);
    return rows.length;
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

async function storeDemoTrackFiles(options: {
  db: Db;
  mediaStore: MediaStore;
  appSecret: string;
  tools: { ffmpegPath: string | undefined; ffprobePath: string | undefined };
  track: DemoTrack;
  author: { id: string; creator: DemoCreator };
  file: string;
}): Promise<{ audio: string; cover: string }> {
  const tune = `${options.file}.mp3`;
  const cover = `${options.file}.png`;
  await renderDemoTune(tune, options.tools, options.track.tune);
  await fs.writeFile(cover, await renderCoverArt(options.track.title, options.author.creator));
  const store = async (file: string, type: Parameters<typeof storePostMedia>[0]['upload']['type']) => {
    const { size } = await fs.stat(file);
    const asset = await storePostMedia({
      db: options.db,
      mediaStore: options.mediaStore,
      appSecret: options.appSecret,
      ownerId: options.author.id,
      upload: { file, bytes: size, type },
    });
    return asset.public_id;
  };
  return {
    audio: await store(tune, { kind: 'audio', extension: 'mp3', contentType: 'audio/mpeg' }),
    cover: await store(cover, { kind: 'image', extension: 'png', contentType: 'image/png' }),
  };
}

/** Square album art in the creator's colour: the title over rings, the name beneath. */
async function renderCoverArt(title: string, creator: DemoCreator): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${creator.colour}"/><stop offset="1" stop-color="#111827"/>
  </linearGradient></defs>
  <rect width="1024" height="1024" fill="url(#g)"/>
  <circle cx="512" cy="400" r="250" fill="none" stroke="#ffffff" stroke-opacity="0.18" stroke-width="36"/>
  <circle cx="512" cy="400" r="120" fill="#ffffff" fill-opacity="0.12"/>
  <text x="512" y="780" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"
    font-size="64" font-weight="700" fill="#ffffff">${escapeXml(title)}</text>
  <text x="512" y="870" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"
    font-size="44" fill="#ffffff" fill-opacity="0.85">${escapeXml(creator.name)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
