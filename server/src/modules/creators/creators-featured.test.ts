import type { TCreatorCard, TCreatorsPage } from '@stagepass/contract/profiles';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertCreator, insertPeople } from '../../test/factories/people.ts';
import { personRow } from '../../test/factories/person-rows.ts';
import { insertPosts } from '../../test/factories/posts.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { FEATURED_SCORE, featuredScore } from './featured-score.ts';
import { encodePageCursor } from './page-cursor.ts';

const testApp = setupTestApp();
const DAY_MS = 86_400_000;

async function walkFeatured(limit: number): Promise<TCreatorCard[]> {
  const cards: TCreatorCard[] = [];
  let page: string | null = '0';
  while (page !== null) {
    const response = await testApp.app.inject(`/api/creators/featured?limit=${limit}&page=${page}`);
    expect(response.statusCode).toBe(200);
    const answer = response.json() as TCreatorsPage;
    cards.push(...answer.creators);
    page = answer.nextPage;
  }
  return cards;
}

type Shape = {
  name: string;
  followers: number;
  daysIdle: number;
  hasPicture?: boolean;
  hasBio?: boolean;
  hasPosts?: boolean;
};

// Chosen so that no two scores are close.
const shapes: Shape[] = [
  { name: 'Idle Star', followers: 1000, daysIdle: 60 },
  { name: 'Empty Newcomer', followers: 0, daysIdle: 0 },
  { name: 'Regular', followers: 50, daysIdle: 1 },
  { name: 'Quiet', followers: 5, daysIdle: 30 },
  { name: 'Busy', followers: 200, daysIdle: 3 },
  { name: 'Small And Fresh', followers: 20, daysIdle: 0.5 },
  { name: 'Forgotten', followers: 3, daysIdle: 100 },
  { name: 'Fortnight Away', followers: 100, daysIdle: 14 },
  // Profiles with something to show.
  { name: 'Complete Veteran', followers: 3, daysIdle: 30, hasPicture: true, hasBio: true, hasPosts: true },
  { name: 'Complete Beginner', followers: 0, daysIdle: 2, hasPicture: true, hasBio: true, hasPosts: true },
  { name: 'Popular Without Posts', followers: 400, daysIdle: 0, hasPicture: true, hasBio: true },
  { name: 'Posts Only', followers: 8, daysIdle: 5, hasPosts: true },
];

describe('GET /api/creators/featured', () => {
  const creators: { id: string; name: string; score: number }[] = [];

  beforeAll(async () => {
    const { db } = testApp.app;
    const now = Date.now();
    for (const [index, shape] of shapes.entries()) {
      const lastActiveAt = new Date(now - shape.daysIdle * DAY_MS);
      const { id } = await insertCreator(db, {
        name: shape.name,
        followersCount: shape.followers,
        lastActiveAt,
        bio: shape.hasBio ? 'Songs from Lusaka.' : '',
        avatarPublicId: shape.hasPicture ? `avatar${index}` : undefined,
      });
      if (shape.hasPosts) await insertPosts(testApp.app, [{ authorId: id, createdAt: new Date() }]);
      const profile = {
        hasPicture: Boolean(shape.hasPicture),
        hasBio: Boolean(shape.hasBio),
        hasPosts: Boolean(shape.hasPosts),
        followersCount: shape.followers,
        lastActiveAt,
      };
      creators.push({ id, name: shape.name, score: featuredScore(profile, new Date(now)) });
    }
  });

  it('ranks by 100·(picture + bio + posts) + ln(1 + followers) + 2·e^(−days idle / 14), highest first, across pages', async () => {
    const expected = [...creators].sort((a, b) => b.score - a.score).map((creator) => creator.id);
    expect((await walkFeatured(3)).map((card) => card._id)).toEqual(expected);
    // The formula's intent, in words: recent activity lifts a small creator over an idle one …
    const empty = { hasPicture: false, hasBio: false, hasPosts: false };
    expect(
      featuredScore({ ...empty, followersCount: 0, lastActiveAt: new Date() }, new Date()),
    ).toBeGreaterThan(
      featuredScore(
        { ...empty, followersCount: 3, lastActiveAt: new Date(Date.now() - 30 * DAY_MS) },
        new Date(),
      ),
    );
  });

  it('ranks a brand-new creator with nothing to show below every creator with a picture, a bio or posts', async () => {
    const featured = (await walkFeatured(30)).map((card) => card.name);
    const rankOf = (name: string) => featured.indexOf(name);
    // … but a profile with more to show comes first, however popular or recent the other.
    expect(featured.slice(0, 4)).toEqual([
      'Complete Beginner',
      'Complete Veteran',
      'Popular Without Posts',
      'Posts Only',
    ]);
    expect(rankOf('Empty Newcomer')).toBeGreaterThan(rankOf('Complete Veteran'));
    expect(rankOf('Empty Newcomer')).toBeGreaterThan(rankOf('Posts Only'));
  });

  it('refuses a cursor of another list', async () => {
    const cursor = encodePageCursor({ k: 'all', f: 1, i: creators[0]!.id });
    const response = await testApp.app.inject(`/api/creators/featured?page=${cursor}`);
    expect(response.statusCode).toBe(400);
  });

  it('features only the most followed and the most recently active creators', async () => {
    // More busy, followed creators than either candidate list holds.
    const crowd = FEATURED_SCORE.candidatesByFollowers + 20;
    const recently = new Date(Date.now() - 2 * DAY_MS);
    await insertPeople(
      testApp.app.db,
      Array.from({ length: crowd }, (_, index) =>
        personRow({
          email: `crowd${index}@example.com`,
          username: `@crowd${index}`,
          name: `Crowd ${index}`,
          category: 'writer',
          emailVerifiedAt: null,
          followersCount: 10 + (index % 50),
          lastActiveAt: recently,
        }),
      ),
    );
    const forgotten = await insertCreator(testApp.app.db, {
      name: 'Idle Newcomer',
      lastActiveAt: new Date(Date.now() - 90 * DAY_MS),
    });
    const justActive = await insertCreator(testApp.app.db, {
      name: 'Active Newcomer',
      lastActiveAt: new Date(),
    });
    const featured = (await walkFeatured(30)).map((card) => card._id);
    expect(featured).toContain(justActive.id);
    expect(featured).not.toContain(forgotten.id);
    expect(new Set(featured).size).toBe(featured.length);
  });
});
