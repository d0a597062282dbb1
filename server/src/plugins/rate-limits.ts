import rateLimit from '@fastify/rate-limit';
import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from '../lib/errors.ts';
import { type AttemptCounter, createDatabaseCounter, createRedisCounter } from './rate-limit-counters.ts';
import { requireCurrentSession } from './session.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where per-account limits count: Redis when REDIS_URL is set, else the database. */
    attemptCounter: AttemptCounter;
  }
}

export type Limit = { max: number; timeWindow: string };

const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * Two kinds of limit:
 * - per address, per route (`config.rateLimit`): @fastify/rate-limit, in this process's
 *   memory (an LRU of 5,000 addresses a route), or in Redis when REDIS_URL is set. Junk
 *   traffic can push an address's counter out of the LRU, but an attacker with that many
 *   addresses is past per-address limits anyway; nothing that protects an account counts here.
 *   An IPv6 client is counted by its /64 (the plugin's default key).
 * - per account (limitPerAccount, limitPerSignedInAccount): the attempt counter, in the
 *   database or Redis, which no traffic can empty and which every process shares.
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const redis = config.redisUrl ? connectRedis(app, config.redisUrl) : undefined;
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'stagepass:per-address:' } : {}),
    errorResponseBuilder: () => new AppError('RATE_LIMITED', AUTH_MESSAGES.tooManyRequests, 429),
  });
  const counter = redis
    ? createRedisCounter(redis, config.appSecret)
    : createDatabaseCounter(app.db, config.appSecret);
  app.decorate('attemptCounter', counter);

  // Counters in the database stay after their window ends until pruned, once across the
  // servers; Redis expires its own.
  if (!redis) app.jobs.every('prune-rate-limit-counters', PRUNE_EVERY_MS, () => counter.prune());
  if (redis) app.addHook('onReady', async () => warnWhenRedisEvicts(app, redis));
  app.addHook('onClose', async () => {
    await redis?.quit();
  });
}

function connectRedis(app: FastifyInstance, url: string): Redis {
  // A request waits for Redis through one reconnection at most, then fails rather than hangs.
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  redis.on('error', (error) => app.log.warn({ err: error }, 'redis (rate limits) is unreachable'));
  return redis;
}

async function warnWhenRedisEvicts(app: FastifyInstance, redis: Redis): Promise<void> {
  try {
    const [, policy] = (await redis.config('GET', 'maxmemory-policy')) as [string, string];
    if (policy !== 'noeviction') {
      app.log.warn(
        { policy },
        "redis may evict rate-limit counters under memory pressure: set maxmemory-policy to 'noeviction'",
      );
    }
  } catch {
    // Managed Redis often refuses CONFIG; its policy is then the operator's to check.
  }
}

/**
 * Counts one attempt under `key` (an account id, an address typed in a form) for the limit
 * `name`, and refuses with 429 past `max` in `timeWindow`. Build it once per route.
 */
export function limitPerAccount(
  app: FastifyInstance,
  name: string,
  limit: Limit,
): (key: string) => Promise<void> {
  const windowMs = parseTimeWindow(limit.timeWindow);
  return async (key) => {
    const { count } = await app.attemptCounter.count(name, key, windowMs);
    if (count > limit.max) throw new AppError('RATE_LIMITED', AUTH_MESSAGES.tooManyRequests, 429);
  };
}

/**
 * A preHandler that counts requests per signed-in account (wherever they come from) and
 * answers 429 past `max` in `timeWindow`; 401 first when nobody is signed in. For routes
 * where one account, not one address, is what must be slowed down.
 */
export function limitPerSignedInAccount(
  app: FastifyInstance,
  name: string,
  limit: Limit,
): (request: FastifyRequest) => Promise<void> {
  const count = limitPerAccount(app, name, limit);
  return async (request) => {
    const { user } = await requireCurrentSession(request);
    await count(user.id);
  };
}

const UNIT_MS: Record<string, number> = { second: 1000, minute: 60_000, hour: 3_600_000, day: 86_400_000 };

/** '15 minutes', '1 hour': the windows the routes are written with. */
export function parseTimeWindow(text: string): number {
  const match = /^(\d+)\s*(second|minute|hour|day)s?$/.exec(text.trim());
  if (!match) throw new Error(`Unknown time window '${text}': write it as '15 minutes' or '1 hour'`);
  return Number(match[1]) * UNIT_MS[match[2]!]!;
}
