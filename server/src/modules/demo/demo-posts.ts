import fs from 'node:fs/promises';
import path from 'node:path';
import { createPostId, REACTION_KINDS, type TPostVisibility } from '@stagepass/contract/posts';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import type { MediaStore } from '../../lib/media-store.ts';
// The shared factories write the rows, back-dated as the demo wants them.
import { insertPostRows, insertReactions } from '../../test/factories/posts.ts';
import { storePostMedia } from '../media/post-media.service.ts';
import { renderTestPatternVideo } from '../media/processing/pattern-video.service.ts';
import { escapeXml } from './demo-avatar.ts';
import type { DemoCreator } from './demo-people.ts';
import { type DemoScratch, makeDemoWorkDir } from './demo-scratch.ts';

/**
 * The demo's posts: every creator publishes a few (text for everyone, a photo, something
 * for subscribers, now and then a pay-to-unlock photo), the first creator also a short
 * video, and the fans react. Photos and the video go through the real pipeline: stored as
 * uploads and processed by the background jobs once the server runs, so the demo also
 * shows posts turning ready.
 */

type DemoPost = {
  type: 'text' | 'photo' | 'video';
  description: string;
  visibility: TPostVisibility;
  /** Ngwee, for pay-to-unlock. */
  price?: number;
  /** The title drawn on a photo. */
  artwork?: string;
  hoursAgo: number;
};

const HOUR_MS = 3_600_000;

/** What each creator publishes, from their own words. */
function postsOf(creator: DemoCreator, index: number): DemoPost[] {
  const firstName = creator.name.split(' ')[0];
  const list: DemoPost[] = [
    {
      type: 'text',
      description: `Muli bwanji! ${firstName} here. ${creator.bio}`,
      visibility: 'everyone',
      hoursAgo: 6 + index * 9,
    },
    {
      type: 'photo',
      description: `Something new from ${firstName}: what do you think?`,
      visibility: 'everyone',
      artwork: `${creator.category === 'music artist' ? 'New single' : 'New this week'}\n${creator.name}`,
      hoursAgo: 30 + index * 11,
    },
  ];
  if (creator.monthlyPrice !== null) {
    list.push({
      type: 'text',
      description: `For my subscribers: thank you for being here. ${creator.about}`,
      visibility: 'subscribers',
      hoursAgo: 50 + index * 7,
    });
  }
  if (index % 3 === 0) {
    list.push({
      type: 'photo',
      description: `The full set from ${firstName}, unlocked once and yours to keep.`,
      visibility: 'pay-to-unlock',
      price: 1500 + index * 250,
      artwork: `Behind the scenes\n${creator.name}`,
      hoursAgo: 75 + index * 5,
    });
  }
  if (index === 0) {
    list.push({
      type: 'video',
      description: 'A taste of Friday’s live session. The whole set is on my page.',
      visibility: 'everyone',
      hoursAgo: 3,
    });
  }
  return list;
}

export async function seedDemoPosts(options: {
  db: Db;
  mediaStore: MediaStore;
  appSecret: string;
  tools: { ffmpegPath: string | undefined; ffprobePath: string | undefined };
  creators: readonly { id: string; creator: DemoCreator }[];
  fanIds: readonly string[];
  log: Pick<FastifyBaseLogger, 'warn'>;
  scratch: DemoScratch;
}): Promise<number> {
  const { db } = options;
  const now = Date.now();
  const workDir = await makeDemoWorkDir(options.scratch, 'demo');
  try {
    const planned = options.creators.flatMap(({ id: authorId, creator }, index) =>
      postsOf(creator, index).map((post, order) => ({ authorId, creator, post, index, order })),
    );
    // The pictures and the video are drawn at once (the video takes the longest); the rows
    // then go in one by one, as PGlite has one connection anyway.
    const mediaIds = await Promise.all(
      planned.map(async ({ authorId, creator, post, index, order }) => {
        if (post.type === 'text') return null;
        const file = path.join(workDir, `${index}-${order}`);
        return storeDemoMedia({ ...options, authorId, creator, post, file }).catch((error: unknown) => {
          // The demo goes on without this post (no ffmpeg for the video, say).
          options.log.warn({ err: error, username: creator.username }, 'demo post not made');
          return undefined;
        });
      }),
    );
    let published = 0;
    for (const [position, { authorId, post, index, order }] of planned.entries()) {
      const mediaPublicId = mediaIds[position];
      if (mediaPublicId === undefined) continue;
      const createdAt = new Date(now - post.hoursAgo * HOUR_MS);
      const [postId] = await insertPostRows(db, [
        {
          id: createPostId(),
          authorId,
          type: post.type,
          description: post.description,
          visibility: post.visibility,
          price: post.price ?? null,
          mediaPublicId,
          createdAt,
          updatedAt: createdAt,
        },
      ]);
      published += 1;
      // Public posts get reactions from some of the fans, each its own kind.
      const reactors =
        post.visibility === 'everyone'
          ? options.fanIds.slice(0, (index + order) % (options.fanIds.length + 1))
          : [];
      if (reactors.length > 0) {
        await insertReactions(
          db,
          reactors.map((ownerId, reactor) => ({
            postId: postId!,
            ownerId,
            kind: REACTION_KINDS[(index + reactor) % REACTION_KINDS.length]!,
            createdAt: new Date(createdAt.getTime() + (reactor + 1) * HOUR_MS),
          })),
        );
      }
    }
    return published;
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

async function storeDemoMedia(options: {
  db: Db;
  mediaStore: MediaStore;
  appSecret: string;
  tools: { ffmpegPath: string | undefined; ffprobePath: string | undefined };
  authorId: string;
  creator: DemoCreator;
  post: DemoPost;
  file: string;
}): Promise<string> {
  const isVideo = options.post.type === 'video';
  const file = `${options.file}.${isVideo ? 'mp4' : 'png'}`;
  if (isVideo) await renderTestPatternVideo(file, options.tools);
  else await fs.writeFile(file, await renderArtwork(options.post.artwork ?? '', options.creator.colour));
  const { size } = await fs.stat(file);
  const asset = await storePostMedia({
    db: options.db,
    mediaStore: options.mediaStore,
    appSecret: options.appSecret,
    ownerId: options.authorId,
    upload: {
      file,
      bytes: size,
      type: isVideo
        ? { kind: 'video', extension: 'mp4', contentType: 'video/mp4' }
        : { kind: 'image', extension: 'png', contentType: 'image/png' },
    },
  });
  return asset.public_id;
}

/** A 16:9 poster in the creator's colour with a title, at twice the post size. */
async function renderArtwork(title: string, colour: string): Promise<Buffer> {
  const [headline = '', byline = ''] = title.split('\n');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1372" height="772">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#111827"/>
  </linearGradient></defs>
  <rect width="1372" height="772" fill="url(#g)"/>
  <circle cx="1120" cy="190" r="260" fill="#ffffff" fill-opacity="0.08"/>
  <text x="96" y="430" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="96"
    font-weight="700" fill="#ffffff">${escapeXml(headline)}</text>
  <text x="96" y="520" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="52"
    fill="#ffffff" fill-opacity="0.85">${escapeXml(byline)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
