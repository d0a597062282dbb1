import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { MediaStore } from '../../lib/media-store.ts';
import { hashSecret, normaliseAnswer } from '../../lib/passwords.ts';
// The demo's people are made by the shared factories, as the tests' are, with back-dated times.
import { insertFollows, insertPeople, setAvatar } from '../../test/factories/people.ts';
import { personRow } from '../../test/factories/person-rows.ts';
import { storeAvatarImage } from '../media/media.service.ts';
import { addMobileMoneyMethod } from '../money/payment-methods/mobile-money-methods.service.ts';
import { insertPassPrices } from '../passes/pricing.service.ts';
import { seedDemoAudio } from './demo-audio.ts';
import { renderInitialsAvatar } from './demo-avatar.ts';
import {
  DEMO_CREATORS,
  DEMO_FANS,
  DEMO_PASSWORD,
  DEMO_SECURITY_ANSWER,
  DEMO_SECURITY_QUESTION,
  demoEmail,
} from './demo-people.ts';
import { seedDemoPosts } from './demo-posts.ts';
import type { DemoScratch } from './demo-scratch.ts';
import { seedDemoVideos } from './demo-videos.ts';

/** A number the payment sandbox completes top-ups for (it ends in 789). */
export const DEMO_FAN_MOBILE_MONEY = '260763456789';

/**
 * Demo content for `npm start` on an empty database, so a newcomer sees a living platform:
 * a dozen creators with avatars, bios, prices and posts, a few fans, follows between them
 * and reactions. Never
 * in production, never twice (it only runs when there are no users at all).
 */

export type DemoAccount = {
  name: string;
  username: string;
  email: string;
  password: string;
  securityQuestion: string;
  securityAnswer: string;
};

export type DemoSeedResult =
  | {
      status: 'seeded';
      creators: number;
      fans: number;
      posts: number;
      tracks: number;
      videos: number;
      creator: DemoAccount;
      fan: DemoAccount;
    }
  | { status: 'skipped'; reason: 'production' | 'not-empty' };

// Any constant works: it only has to be the same in every Stagepass process.
const DEMO_SEED_LOCK_KEY = 727_274_004;
const HOUR_MS = 3_600_000;

export async function seedDemoContentIfEmpty(options: {
  db: Db;
  mediaStore: MediaStore;
  isProduction: boolean;
  /** APP_SECRET and the ffmpeg settings: the demo's photos and video go through the real pipeline. */
  appSecret: string;
  tools: { ffmpegPath: string | undefined; ffprobePath: string | undefined };
  scratch: DemoScratch;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): Promise<DemoSeedResult> {
  if (options.isProduction) return { status: 'skipped', reason: 'production' };
  const { db } = options;
  // The usual start finds people already: answer at once, without hashing anything.
  if (await hasAnyUser(db)) return { status: 'skipped', reason: 'not-empty' };
  // Every account shares one password and one answer: two argon2 hashes, not thirty-two.
  const [passwordHash, securityAnswerHash] = await Promise.all([
    hashSecret(DEMO_PASSWORD),
    hashSecret(normaliseAnswer(DEMO_SECURITY_ANSWER)),
  ]);

  const seeded = await db.transaction(async (tx) => {
    // Two servers starting at once on one database: one seeds, the other then finds users.
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK_KEY})`);
    if (await hasAnyUser(tx)) return null;

    const now = Date.now();
    const common = {
      passwordHash,
      emailVerifiedAt: new Date(now),
      securityQuestion: DEMO_SECURITY_QUESTION,
      securityAnswerHash,
    };
    const creators = DEMO_CREATORS.map((creator, index) =>
      personRow({
        ...common,
        email: demoEmail(creator.username),
        username: `@${creator.username}`,
        name: creator.name,
        role: 'creator' as const,
        category: creator.category,
        gender: creator.gender,
        bio: creator.bio,
        about: creator.about,
        phone: creator.phone,
        // Spread over the last four weeks, so "recent activity" tells them apart.
        lastActiveAt: new Date(now - index * 55 * HOUR_MS),
        createdAt: new Date(now - (60 - index) * 24 * HOUR_MS),
      }),
    );
    const fans = DEMO_FANS.map((fan, index) =>
      personRow({
        ...common,
        email: demoEmail(fan.username),
        username: `@${fan.username}`,
        name: fan.name,
        role: 'fan',
        gender: fan.gender,
        lastActiveAt: new Date(now - (index + 1) * 20 * HOUR_MS),
      }),
    );

    // The i-th creator is followed by the first 12 − i others (fans first), so every count differs.
    const followRows = creators.flatMap((creator, index) =>
      [...fans, ...creators]
        .filter((person) => person.id !== creator.id)
        .slice(0, DEMO_CREATORS.length - index)
        .map((follower, order) => ({
          followerId: follower.id,
          followedId: creator.id,
          createdAt: new Date(now - (order + 1) * 7 * HOUR_MS),
        })),
    );
    const followersOf = (id: string) => followRows.filter((row) => row.followedId === id).length;

    await insertPeople(tx, [
      ...creators.map((creator) => ({ ...creator, followersCount: followersOf(creator.id) })),
      ...fans,
    ]);
    await insertFollows(tx, followRows);
    await insertPassPrices(
      tx,
      DEMO_CREATORS.flatMap((creator, index) =>
        creator.monthlyPrice === null
          ? []
          : [{ creatorId: creators[index]!.id, period: 'monthly' as const, price: creator.monthlyPrice }],
      ),
    );
    // The demo fan's MTN number ends in 789: the sandbox completes its top-ups.
    await addMobileMoneyMethod({
      db: tx,
      userId: fans[0]!.id,
      id: undefined,
      phone: DEMO_FAN_MOBILE_MONEY,
      isPreferred: true,
    });
    return { creatorIds: creators.map((creator) => creator.id), fanIds: fans.map((fan) => fan.id) };
  });
  if (!seeded) return { status: 'skipped', reason: 'not-empty' };
  const { creatorIds, fanIds } = seeded;

  // After the commit: the media module writes its row through `db`, and files cannot be
  // rolled back. An avatar that fails leaves its creator with the default picture.
  await Promise.all(
    DEMO_CREATORS.map(async (creator, index) => {
      const ownerId = creatorIds[index]!;
      try {
        const input = await renderInitialsAvatar(creator.name, creator.colour);
        const asset = await storeAvatarImage({ db, mediaStore: options.mediaStore, ownerId, input });
        await setAvatar(db, ownerId, asset.public_id);
      } catch (error) {
        options.log.warn({ err: error, username: creator.username }, 'demo avatar not made');
      }
    }),
  );

  // Both draw their media at once (ffmpeg and sharp), then write their rows.
  const demoCreators = DEMO_CREATORS.map((creator, index) => ({ id: creatorIds[index]!, creator }));
  const media = {
    db,
    mediaStore: options.mediaStore,
    appSecret: options.appSecret,
    tools: options.tools,
    scratch: options.scratch,
  };
  const [publishedPosts, publishedTracks, publishedVideos] = await Promise.all([
    seedDemoPosts({ ...media, creators: demoCreators, fanIds, log: options.log }),
    seedDemoAudio({ ...media, creators: demoCreators, log: options.log }),
    seedDemoVideos({ ...media, creators: demoCreators, log: options.log }),
  ]);

  return {
    status: 'seeded',
    creators: DEMO_CREATORS.length,
    fans: DEMO_FANS.length,
    posts: publishedPosts,
    tracks: publishedTracks,
    videos: publishedVideos,
    creator: describeAccount(DEMO_CREATORS[0]!),
    fan: describeAccount(DEMO_FANS[0]!),
  };
}

async function hasAnyUser(db: Pick<Db, 'select'>): Promise<boolean> {
  const [anyone] = await db.select({ id: users.id }).from(users).limit(1);
  return anyone !== undefined;
}

function describeAccount(person: { name: string; username: string }): DemoAccount {
  return {
    name: person.name,
    username: `@${person.username}`,
    email: demoEmail(person.username),
    password: DEMO_PASSWORD,
    securityQuestion: DEMO_SECURITY_QUESTION,
    securityAnswer: DEMO_SECURITY_ANSWER,
  };
}

/** What `npm start` prints after seeding: how to sign in as a creator and as a fan. */
export function describeDemoSignIn(result: Extract<DemoSeedResult, { status: 'seeded' }>): string {
  const line = (role: string, account: DemoAccount) =>
    `    ${role}: ${account.email}  password: ${account.password}  (${account.name}, ${account.username})`;
  return [
    `  Demo content: ${result.creators} creators, ${result.fans} fans, ${result.posts} posts, ${result.tracks} tracks and ${result.videos} videos were created. Sign in as`,
    line('a creator', result.creator),
    line('a fan    ', result.fan),
    `    security question "${result.creator.securityQuestion}": ${result.creator.securityAnswer}`,
    '',
  ].join('\n');
}
