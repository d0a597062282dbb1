import rateLimit from '@fastify/rate-limit';
import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { requireCurrentSession } from '../modules/auth/sessions.ts';

/**
 * Per-route limits only (routes opt in through `config.rateLimit` or `app.rateLimit()`).
 * Counters live in this process's memory: behind a load balancer they move to Redis
 * (the plugin's `redis` option) so every node counts together.
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError('RATE_LIMITED', AUTH_MESSAGES.tooManyRequests, 429),
  });
}

/**
 * A preHandler that counts requests per signed-in account (wherever they come from) and
 * answers 429 past `max` in `timeWindow`; 401 first when nobody is signed in. For routes
 * where one account, not one address, is what must be slowed down.
 */
export function limitPerSignedInAccount(
  app: FastifyInstance,
  name: string,
  limit: { max: number; timeWindow: string },
): (request: FastifyRequest) => Promise<void> {
  // The key needs the session, which is looked up asynchronously: found just before counting.
  const accountIds = new WeakMap<FastifyRequest, string>();
  const count = app.createRateLimit({
    ...limit,
    keyGenerator: (request) => `${name}:${accountIds.get(request)}`,
  });
  return async (request) => {
    const { user } = await requireCurrentSession(request);
    accountIds.set(request, user.id);
    const result = await count(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new AppError('RATE_LIMITED', AUTH_MESSAGES.tooManyRequests, 429);
    }
  };
}
