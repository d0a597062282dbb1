import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// `npm run dev --workspace web` (Vite's dev server) and `vite preview` proxy /api to this
// server: the browser's Origin is theirs. Never in production.
const VITE_DEV_PORTS = [5173, 4173];
// The names of this machine a browser may use for a server on it: each is an origin of its
// own, and Node's listening line names 127.0.0.1 while PUBLIC_URL says localhost.
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins that may change state: PUBLIC_URL's; outside production also this server's
 * port and Vite's under every loopback name, plain http (a development server has no TLS).
 */
export function listOwnOrigins(config: {
  publicUrl: string;
  port: number;
  isProduction: boolean;
}): Set<string> {
  const publicOrigin = new URL(config.publicUrl).origin;
  if (config.isProduction) return new Set([publicOrigin]);
  const ports = [config.port, ...VITE_DEV_PORTS];
  return new Set([
    publicOrigin,
    ...ports.flatMap((port) => LOOPBACK_HOSTS.map((host) => `http://${host}:${port}`)),
  ]);
}

// Without Origin, what the browser says of the request: our own page, or the person
// (typed address, bookmark). 'same-site' is a sibling subdomain or our http/https twin.
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

/**
 * Only our own origin may change state. The session cookie is SameSite=Lax; on top of
 * that, a state-changing API request is refused unless its Origin is exactly ours (scheme,
 * host and port: the https twin of an http site, another port or a subdomain is another
 * origin, and `Origin: null` is nobody's). Requests without Origin pass only when
 * Sec-Fetch-Site says they are ours, or says nothing: other servers (a payment provider's
 * callback) send neither, and carry no browser cookies an attacker could borrow.
 */
export function registerOriginCheck(app: FastifyInstance): void {
  const { config } = app;
  const ownOrigins = listOwnOrigins(config);
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin === undefined) {
      const site = request.headers['sec-fetch-site'];
      if (site !== undefined && !OWN_FETCH_SITES.has(site)) throw crossSite();
      return;
    }
    if (!ownOrigins.has(origin)) throw crossSite();
  });
}

function crossSite(): AppError {
  return new AppError('FORBIDDEN', AUTH_MESSAGES.crossSite, 403);
}
