import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { finished } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * How much of a body is read after its answer went out, at most. Past either bound the
 * connection is cut; a person's browser still shows the answer.
 */
export type DrainBounds = { maxBytes: number; maxMs: number };

// Room for a wrong file picked as an avatar (20 MB at most) on one connection, and not
// enough to make reading what is thrown away worth an attacker's while.
export const DRAIN_BOUNDS: DrainBounds = { maxBytes: 32 * 1024 * 1024, maxMs: 10_000 };

type ClosableSocket = Socket & { destroySoon(): void };

/**
 * An answer sent before its request's body was all read (a refused upload, a session,
 * origin or rate-limit check, a body over the limit) leaves the rest of that body on the
 * connection, ahead of the client's next request. When a parser stopped reading midway
 * (a refused file), nobody reads it and the next request waits for the keep-alive timeout
 * (72 s); when nothing read it, Node reads all of it, however large. So the rest is read
 * and thrown away here, within DRAIN_BOUNDS: a body whose declared length fits keeps its
 * connection for the next request; any other is answered with Connection: close, and its
 * connection is ended once the body is in or cut at the bounds.
 */
export function registerUnreadBodyDraining(app: FastifyInstance, bounds: DrainBounds = DRAIN_BOUNDS): void {
  // A callback hook, not an async one: it runs on every answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    drainUnreadBody(request, reply, bounds);
    done(null, payload);
  });
}

/** For answers that skip the hooks (Fastify's refusals before routing): call before sending. */
export function drainUnreadBody(request: FastifyRequest, reply: FastifyReply, bounds = DRAIN_BOUNDS): void {
  if (!isBodyStillComing(request.raw)) return;
  const headers = {
    getHeader: (name: string) => reply.getHeader(name),
    setHeader: (name: string, value: string) => reply.header(name, value),
  };
  drainRestOfBody(request.raw, headers, bounds);
}

/** The same for answers written on the raw response, before Fastify routes the request. */
export function drainUnreadRawBody(request: IncomingMessage, response: ServerResponse): void {
  if (isBodyStillComing(request)) drainRestOfBody(request, response, DRAIN_BOUNDS);
}

/** Where the answer's headers are set: Fastify's reply or the raw response. */
type AnswerHeaders = {
  getHeader(name: string): unknown;
  setHeader(name: string, value: string): unknown;
};

function isBodyStillComing(request: IncomingMessage): boolean {
  // `complete` is missing on the requests `inject` makes, which have no connection; and on a
  // request without a body it turns true only after Node's request event.
  if (request.complete !== false || request.socket.destroyed) return false;
  return request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length']) > 0;
}

function drainRestOfBody(body: IncomingMessage, answer: AnswerHeaders, bounds: DrainBounds): void {
  const socket = body.socket as ClosableSocket;
  const declaredBytes = Number(body.headers['content-length']);
  // Fastify closes the connection itself after a body it could not parse.
  const isClosing =
    !(declaredBytes <= bounds.maxBytes) || /\bclose\b/i.test(String(answer.getHeader('connection') ?? ''));
  if (isClosing) {
    answer.setHeader('connection', 'close');
    closeOnceBodyIsIn(socket, body);
  }

  const cut = () => socket.destroy();
  const deadline = setTimeout(cut, bounds.maxMs).unref();
  let drainedBytes = 0;
  finished(body, () => clearTimeout(deadline));
  // Whatever parser stopped reading midway is left behind.
  body.unpipe();
  body.on('data', (chunk: Buffer) => {
    drainedBytes += chunk.length;
    if (drainedBytes > bounds.maxBytes) cut();
  });
  body.resume();
}

/**
 * Node ends a Connection: close connection as soon as the answer is written. Closed with
 * body bytes still coming, the socket answers them with a reset, and a reset can make the
 * client drop the answer before it reads it. So only our side is ended then, and the socket
 * closes once the rest of the body has been read (or the bounds cut it).
 */
function closeOnceBodyIsIn(socket: ClosableSocket, body: IncomingMessage): void {
  const closeSoon = socket.destroySoon.bind(socket);
  socket.destroySoon = () => {
    socket.end();
    finished(body, closeSoon);
  };
}
