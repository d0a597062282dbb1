import { lt, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema/index.ts';
import { hashWithSecret } from '../lib/secrets.ts';

/**
 * Where per-account limits count: a store no traffic can push a counter out of (unlike an
 * LRU in memory) and that every server process shares. Fixed windows: the first attempt
 * opens a window of `windowMs`; attempts count until it ends, then the next one opens a
 * new one. What is counted is kept only as a keyed hash.
 */
export type AttemptCounter = {
  /** Counts one attempt and answers how many the current window holds, this one included. */
  count(limiter: string, key: string, windowMs: number): Promise<{ count: number; resetsInMs: number }>;
  /** Deletes counters whose window has ended (a no-op where the store expires them itself). */
  prune(): Promise<void>;
};

/**
 * Counters in the database (the default). One atomic upsert per attempt, so parallel
 * attempts cannot slip past a limit. The commit does not wait for the disk
 * (synchronous_commit off, for this transaction only): a PostgreSQL crash may forget the
 * last fraction of a second of attempts, and an attempt costs a fraction of a millisecond
 * instead of a disk flush.
 */
export function createDatabaseCounter(db: Db, secret: string): AttemptCounter {
  return {
    count: (limiter, key, windowMs) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`set local synchronous_commit = off`);
        const windowEnd = sql`now() + ${Math.round(windowMs)}::integer * interval '1 millisecond'`;
        const isWindowOver = sql`${rateLimitCounters.windowEndsAt} <= now()`;
        const [row] = await tx
          .insert(rateLimitCounters)
          .values({ limiter, keyHash: hashKey(secret, limiter, key), count: 1, windowEndsAt: windowEnd })
          .onConflictDoUpdate({
            target: [rateLimitCounters.limiter, rateLimitCounters.keyHash],
            set: {
              count: sql`case when ${isWindowOver} then 1 else ${rateLimitCounters.count} + 1 end`,
              windowEndsAt: sql`case when ${isWindowOver} then ${windowEnd} else ${rateLimitCounters.windowEndsAt} end`,
            },
          })
          .returning({
            count: rateLimitCounters.count,
            resetsInMs: sql<number>`greatest(0, extract(epoch from ${rateLimitCounters.windowEndsAt} - now()) * 1000)::integer`,
          });
        return { count: row!.count, resetsInMs: Number(row!.resetsInMs) };
      }),
    prune: async () => {
      await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowEndsAt, sql`now()`));
    },
  };
}

// INCR, and the window's expiry set by the attempt that opened it; one round trip, atomic.
const COUNT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

/**
 * Counters in Redis (REDIS_URL). Redis must not evict them to make room: run it with
 * `maxmemory-policy noeviction` (or memory to spare), else junk keys could push a counter
 * out there too; registerRateLimits warns at start when the policy evicts.
 */
export function createRedisCounter(redis: Redis, secret: string): AttemptCounter {
  return {
    count: async (limiter, key, windowMs) => {
      const [count, resetsInMs] = (await redis.eval(
        COUNT_SCRIPT,
        1,
        `stagepass:attempts:${limiter}:${hashKey(secret, limiter, key)}`,
        Math.round(windowMs),
      )) as [number, number];
      return { count, resetsInMs };
    },
    prune: async () => {},
  };
}

function hashKey(secret: string, limiter: string, key: string): string {
  return hashWithSecret(secret, `rate-limit:${limiter}:${key}`);
}
