import { sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';

/**
 * The featured (home) ranking, documented in docs/decisions/004-finding-creators.md and the
 * OpenAPI description of GET /api/creators/featured:
 *
 *   score = ln(1 + followers_count) + 2 · e^(−days since last_active_at / 14)
 *
 * Followers count with diminishing returns; activity today is worth as much as about
 * 7× the followers, and that bonus halves about every 10 days.
 */
export const FEATURED_SCORE = {
  recencyWeight: 2,
  recencyDays: 14,
  /** Candidates: the most followed creators … */
  candidatesByFollowers: 500,
  /** … and the most recently active ones, each straight from an index. */
  candidatesByActivity: 500,
} as const;

const DAY_MS = 86_400_000;

export function featuredScore(followersCount: number, lastActiveAt: Date, at: Date): number {
  const days = Math.max(0, (at.getTime() - lastActiveAt.getTime()) / DAY_MS);
  return (
    Math.log1p(followersCount) + FEATURED_SCORE.recencyWeight * Math.exp(-days / FEATURED_SCORE.recencyDays)
  );
}

/**
 * The same in SQL, in millionths as an integer so cursors compare it exactly. The exponent
 * stops at 50 (e^-50 ≈ 0) because PostgreSQL's exp() raises an underflow error beyond ~-700.
 */
export function featuredScoreMicros(at: Date) {
  const { recencyWeight, recencyDays } = FEATURED_SCORE;
  return sql<number>`round(1000000 * (
    ln(1 + ${users.followersCount}::float8)
    + ${sql.raw(String(recencyWeight))} * exp(-least(50, greatest(0,
        extract(epoch from (${at.toISOString()}::timestamptz - ${users.lastActiveAt}))::float8 / ${sql.raw(String(recencyDays * 86_400))})))
  ))::int`;
}
