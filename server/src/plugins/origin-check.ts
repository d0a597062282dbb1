import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The session cookie is SameSite=Lax; on top of that, a state-changing API request that
 * says it comes from another site is refused. Requests without Origin (other servers,
 * such as a payment provider's callback) are let through: they carry no browser cookies
 * an attacker could borrow.
 */
export function registerOriginCheck(app: FastifyInstance): void {
  const publicOrigin = new URL(app.config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin === undefined) {
      if (request.headers['sec-fetch-site'] === 'cross-site') throw crossSite();
      return;
    }
    if (origin === publicOrigin) return;
    // The same host the request was addressed to (a dev proxy, or a second name for the site).
    if (URL.canParse(origin) && new URL(origin).host === request.headers.host) return;
    throw crossSite();
  });
}

function crossSite(): AppError {
  return new AppError('FORBIDDEN', AUTH_MESSAGES.crossSite, 403);
}
