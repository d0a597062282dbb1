import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The app serves itself from one origin and loads nothing from elsewhere, so the policy
 * can be strict. Inline styles stay allowed because the toast and drawer libraries inject
 * them; scripts never run inline.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(app.config.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: app.config.isProduction,
    // Matches frame-ancestors 'none' for browsers that only read the older header.
    frameguard: { action: 'deny' },
    // Same-origin media and a future CDN must still be embeddable by our own pages.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
}
