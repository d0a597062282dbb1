import type { TCreatorCard, TCreatorsPage } from '@stagepass/contract/profiles';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { createId } from '../../lib/ids.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { FEATURED_SCORE, featuredScore } from './featured-score.ts';
import { encodePageCursor } from './page-cursor.ts';
import { insertCreator } from './test-creators.ts';

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

// Followers and days since last active, chosen so that no two scores are close.
const shapes: [followers: number, daysIdle: number][] = [
  [1000, 60],
  [0, 0],
  [50, 1],
  [5, 30],
  [200, 3],
  [20, 0.5],
  [3, 100],
  [100, 14],
];

describe('GET /api/creators/featured', () => {
  const creators: { id: string; score: number }[] = [];

  beforeAll(async () => {
    const now = Date.now();
    for (const [index, [followers, daysIdle]] of shapes.entries()) {
      const lastActiveAt = new Date(now - daysIdle * DAY_MS);
      const { id } = await insertCreator(testApp.app.db, {
        name: `Featured ${index}`,
        followersCount: followers,
        lastActiveAt,
      });
      creators.push({ id, score: featuredScore(followers, lastActiveAt, new Date(now)) });
    }
  });

  it('ranks by ln(1 + followers) + 2·e^(−days idle / 14), highest first, across pages', async () => {
    const expected = [...creators].sort((a, b) => b.score - a.score).map((creator) => creator.id);
    expect((await walkFeatured(3)).map((card) => card._id)).toEqual(expected);
    // The formula's intent, in words: recent activity lifts a small creator over an idle one.
    expect(featuredScore(0, new Date(), new Date())).toBeGreaterThan(
      featuredScore(3, new Date(Date.now() - 30 * DAY_MS), new Date()),
    );
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
    await testApp.app.db.insert(users).values(
      Array.from({ length: crowd }, (_, index) => ({
        id: createId(),
        email: `crowd${index}@example.com`,
        username: `@crowd${index}`,
        name: `Crowd ${index}`,
        countryCode: 'ZM',
        role: 'creator' as const,
        category: 'writer',
        followersCount: 10 + (index % 50),
        lastActiveAt: recently,
      })),
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
