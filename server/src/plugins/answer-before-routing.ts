import { randomUUID } from 'node:crypto';
import dns from 'node:dns/promises';
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyServerFactory, InjectOptions, LightMyRequestCallback } from 'fastify';
import injectInto from 'light-my-request';
import { createInternalErrorBody } from './error-handler.ts';
import { type SecurityHeaders, setSecurityHeaders } from './security-headers.ts';
import { drainUnreadRawBody } from './unread-request-body.ts';

/**
 * Answers a request taken before Fastify routes it, on the raw response. It never reads the
 * body. A rejection is answered like Fastify's error handler would (500, logged).
 */
export type RawHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/** Requests of these methods whose path starts with `prefix` go to `handler`, never to Fastify. */
export type RawDoor = { prefix: string; methods: readonly string[]; handler: RawHandler };

declare module 'fastify' {
  interface FastifyInstance {
    /** Takes a family of addresses out of Fastify's routing (see createFrontDoor). */
    answerBeforeRouting(door: RawDoor): void;
  }
}

/**
 * The HTTP server's front door: requests a RawDoor takes are answered by its handler on
 * Node's request and response; every other request goes to Fastify as usual. For the few
 * addresses asked hundreds of times a minute by the same player (a streamed video's byte
 * ranges), Fastify's per-request work (its request and reply objects, the router, the
 * hooks every route runs, a child logger) cost more than the answer itself: such a route
 * reached 52–77 % of a bare static server's requests per second, this door about 90 %
 * (bench:video-segments). What every answer of the app carries is still set here: the
 * security headers, the request id, the 500 in the API's shape (logged with that id), and
 * an unread body is drained within the same bounds.
 *
 * `serverFactory` goes to Fastify's options; `install` once the app exists. `app.inject`
 * takes the same door, so tests of these addresses see what a client sees.
 */
export function createFrontDoor(): {
  serverFactory: FastifyServerFactory;
  install(app: FastifyInstance, options: { securityHeaders: SecurityHeaders }): void;
} {
  const doors: RawDoor[] = [];
  let routeInFastify: RequestListener | undefined;
  let answerAtDoor: (door: RawDoor, request: IncomingMessage, response: ServerResponse) => void = () => {
    throw new Error('the front door is not installed');
  };
  const findDoor = (method: string | undefined, url: string | undefined) =>
    doors.find((door) => url?.startsWith(door.prefix) && door.methods.includes(method ?? ''));
  const listener: RequestListener = (request, response) => {
    const door = findDoor(request.method, request.url);
    if (door) answerAtDoor(door, request, response);
    else routeInFastify!(request, response);
  };

  return {
    serverFactory: (fastifyHandler, options) => {
      // Called again for each further address of 'localhost': same listener.
      routeInFastify = fastifyHandler;
      return createServer(listener, options);
    },
    install(app, { securityHeaders }) {
      app.decorate('answerBeforeRouting', (door: RawDoor) => {
        doors.push(door);
      });
      answerAtDoor = (door, request, response) => {
        // Fastify's error handler drops a request whose connection is gone, quietly.
        if (request.socket?.destroyed) return;
        const requestId = randomUUID();
        response.setHeader('x-request-id', requestId);
        setSecurityHeaders(response, securityHeaders);
        drainUnreadRawBody(request, response);
        door.handler(request, response).catch((error: unknown) => {
          answerFailure(app, response, requestId, error);
        });
      };
      const injectIntoFastify = app.inject.bind(app);
      app.inject = ((options?: InjectOptions | string, callback?: LightMyRequestCallback) => {
        if (options === undefined || !findDoor(...methodAndUrlOf(options))) {
          return (injectIntoFastify as InjectAny)(options, callback);
        }
        if (callback) {
          app.ready((error) =>
            error ? callback(error, undefined) : injectInto(listener, options, callback),
          );
          return undefined;
        }
        return app.ready().then(() => injectInto(listener, options));
      }) as FastifyInstance['inject'];
    },
  };
}

type InjectAny = (options?: InjectOptions | string, callback?: LightMyRequestCallback) => unknown;

function methodAndUrlOf(options: InjectOptions | string): [string, string | undefined] {
  if (typeof options === 'string') return ['GET', options];
  const url = options.url ?? options.path;
  return [(options.method ?? 'GET').toUpperCase(), typeof url === 'object' ? url.pathname : url];
}

/** As Fastify's own server: its timeouts and limits from Fastify's options (with defaults). */
function createServer(listener: RequestListener, options: Record<string, unknown>): http.Server {
  const server = http.createServer((options.http ?? {}) as http.ServerOptions, listener);
  server.keepAliveTimeout = options.keepAliveTimeout as number;
  server.requestTimeout = options.requestTimeout as number;
  server.setTimeout(options.connectionTimeout as number);
  const maxRequestsPerSocket = options.maxRequestsPerSocket as number;
  if (maxRequestsPerSocket > 0) server.maxRequestsPerSocket = maxRequestsPerSocket;
  return server;
}

/**
 * Fastify listens on every address of 'localhost' (127.0.0.1 and ::1 where both exist), but
 * with a server factory it binds the first only: this binds the others, with the same
 * listener and settings, and closes them with the main server (as Fastify would).
 */
export async function listenOnOtherAddressesOfLocalhost(
  app: FastifyInstance,
  describeListening: (address: string) => string,
): Promise<void> {
  const main = app.server.address() as AddressInfo;
  const [listener] = app.server.listeners('request') as RequestListener[];
  const addresses = await dns.lookup('localhost', { all: true }).catch(() => []);
  for (const { address, family } of addresses) {
    if (address === main.address) continue;
    const server = createServer(listener!, { ...app.initialConfig });
    const isBound = await new Promise<boolean>((resolve) => {
      // As Fastify: an address that cannot be bound (no IPv6 here) is skipped.
      server.once('error', () => resolve(false));
      server.listen({ host: address, port: main.port }, () => resolve(true));
    });
    if (!isBound) continue;
    app.server.once('close', () => server.close());
    app.log.info(describeListening(`http://${family === 6 ? `[${address}]` : address}:${main.port}`));
  }
}

/**
 * As Fastify answers a route's failure: before any byte went out a 500 in the API's shape,
 * logged with the request's id; after, the answer is cut (a client gone is no failure).
 */
function answerFailure(
  app: FastifyInstance,
  response: ServerResponse,
  requestId: string,
  error: unknown,
): void {
  if (!response.headersSent) {
    app.log.error({ reqId: requestId, err: error }, 'request failed');
    const body = JSON.stringify(createInternalErrorBody());
    response
      .writeHead(500, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      })
      .end(body);
    return;
  }
  if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
    app.log.warn(
      { reqId: requestId, err: error },
      'response terminated with an error with headers already sent',
    );
  }
  response.destroy();
}
