import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The app serves itself from one origin and loads nothing from elsewhere, so the policy
 * can be strict. Inline styles stay allowed because the toast and drawer libraries inject
 * them; scripts never run inline.
 *
 * The policy is the same for every answer, so helmet's headers are worked out once, at
 * start, and copied onto each answer (on the raw response, so answers written by hand get
 * them too). @fastify/helmet built helmet's middleware again for every request, parsing the
 * whole policy: about 150 µs of CPU a request here, more than the rest of Fastify's work for
 * a byte range of /media (measured while making bench:video-segments' route cheaper).
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  // A callback hook, not an async one: it runs on every request.
  app.addHook('onRequest', (_request, reply, done) => {
    setSecurityHeaders(reply.raw, headers);
    done();
  });
}

/** Helmet's headers with our policy, as name and value pairs: worked out once, at start. */
export type SecurityHeaders = readonly (readonly [string, string])[];

/** For answers written before Fastify routes the request (answer-before-routing.ts) too. */
export function setSecurityHeaders(response: ServerResponse, headers: SecurityHeaders): void {
  for (const [name, value] of headers) response.setHeader(name, value);
}

export function listSecurityHeaders(isProduction: boolean): SecurityHeaders {
  return Object.entries(listHeadersByName(isProduction));
}

/** The headers helmet sets with our policy, by name. */
function listHeadersByName(isProduction: boolean): Record<string, string> {
  const middleware = helmet({
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
        ...(isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: isProduction,
    // Matches frame-ancestors 'none' for browsers that only read the older header.
    xFrameOptions: { action: 'deny' },
    // Same-origin media and a future CDN must still be embeddable by our own pages.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  // Helmet writes its headers onto a response, at once (no directive depends on the request).
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
