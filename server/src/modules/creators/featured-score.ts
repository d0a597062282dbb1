import { sql } from 'drizzle-orm';
import { posts, users } from '../../db/schema/index.ts';

/**
 * The featured (home) ranking, documented in docs/decisions/004-finding-creators.md and the
 * OpenAPI description of GET /api/creators/featured:
 *
 *   score = 100 · (has a picture + has a bio + has posts)
 *         + ln(1 + followers_count) + 2 · e^(−days since last_active_at / 14)
 *
 * The home list is a showcase: a visitor who opens a creator there should find a face, a
 * line about them and something to see. So how complete the profile is comes first (the
 * activity part stays under 24, ln(1 + 2³¹) + 2, so 100 a point always outweighs it), and
 * a brand-new creator with nothing yet, however recently active, ranks below every
 * creator with more to show. Among equally complete profiles, followers count with
 * diminishing returns; activity today is worth as much as about 7× the followers, and
 * that bonus halves about every 10 days.
 */
export const FEATURED_SCORE = {
  completenessWeight: 100,
  recencyWeight: 2,
  recencyDays: 14,
  /** Candidates: the most followed creators … */
  candidatesByFollowers: 500,
  /** … and the most recently active ones, each straight from an index. */
  candidatesByActivity: 500,
} as const;

const DAY_MS = 86_400_000;

export type FeaturedProfile = {
  hasPicture: boolean;
  hasBio: boolean;
  hasPosts: boolean;
  followersCount: number;
  lastActiveAt: Date;
};

export function featuredScore(profile: FeaturedProfile, at: Date): number {
  const { completenessWeight, recencyWeight, recencyDays } = FEATURED_SCORE;
  const completeness = Number(profile.hasPicture) + Number(profile.hasBio) + Number(profile.hasPosts);
  const days = Math.max(0, (at.getTime() - profile.lastActiveAt.getTime()) / DAY_MS);
  return (
    completenessWeight * completeness +
    Math.log1p(profile.followersCount) +
    recencyWeight * Math.exp(-days / recencyDays)
  );
}

/**
 * The same in SQL over a row of users, in millionths as an integer so cursors compare it
 * exactly (at most about 324 million, within an int). Whether the creator has posts is one
 * probe of posts_author_newest. The exponent stops at 50 (e^-50 ≈ 0) because PostgreSQL's
 * exp() raises an underflow error beyond ~-700.
 */
export function featuredScoreMicros(at: Date) {
  const { completenessWeight, recencyWeight, recencyDays } = FEATURED_SCORE;
  const completeness = sql`(${users.avatarPublicId} is not null)::int + (${users.bio} <> '')::int
    + (exists (select 1 from ${posts} where ${posts.authorId} = ${users.id}))::int`;
  return sql<number>`round(1000000 * (
    ${sql.raw(String(completenessWeight))} * (${completeness})
    + ln(1 + ${users.followersCount}::float8)
    + ${sql.raw(String(recencyWeight))} * exp(-least(50, greatest(0,
        extract(epoch from (${at.toISOString()}::timestamptz - ${users.lastActiveAt}))::float8 / ${sql.raw(String(recencyDays * 86_400))})))
  ))::int`;
}
