import rateLimit from '@fastify/rate-limit';
import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

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
