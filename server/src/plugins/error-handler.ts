import type { Socket } from 'node:net';
import type { TErrorResponse } from '@stagepass/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { drainUnreadBody } from './unread-request-body.ts';

const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/** One place turns every failure into `{ success: false, message, code }` with the right status. */
export function registerErrorHandling(app: FastifyInstance): void {
  // A request whose connection is closed already has nobody to answer and no address (Node
  // refused its body as the headers came, a bad chunk size say, and answerClientError closed
  // the connection; or the client left). Hooks and handlers that read the address failed on
  // it with a TypeError logged as an error: such a request stops here, quietly.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.raw.socket?.destroyed) return;
    request.log.info('request dropped: its connection closed before it was handled');
    reply.hijack();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      // The validator compiler (plugins/validation.ts) words each message for a person.
      const [first] = error.validation;
      const message = first?.message ?? 'The request is not valid.';
      const field = first?.instancePath.split('/').filter(Boolean).join('.');
      return reply.status(400).send(createErrorBody('VALIDATION_ERROR', message, field));
    }
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send({ ...createErrorBody(error.code, error.message, error.field), ...error.amounts });
    }
    // Fastify's own client errors (bad JSON, body too large, wrong content type) are safe to show.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const code = error.code ?? 'BAD_REQUEST';
      return reply
        .status(error.statusCode)
        .send(createErrorBody(code, describeFrameworkError(error, request)));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(createInternalErrorBody());
  });
}

/** What a 500 says: never the failure's details. */
export function createInternalErrorBody(): TErrorResponse {
  return createErrorBody('INTERNAL', INTERNAL_ERROR_MESSAGE);
}

/**
 * Fastify's own refusals before routing (a malformed URL, a path parameter over the
 * router's length limit) skip the hooks and the error handler: passed to Fastify as
 * `frameworkErrors`, this answers them like any other.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  drainUnreadBody(request, reply);
  reply
    .status(error.statusCode ?? 400)
    .send(createErrorBody(error.code, describeFrameworkError(error, request)));
}

/** Fastify's words for what it refused, in a person's words where ours are clearer. */
function describeFrameworkError(error: FastifyError, request: FastifyRequest): string {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return 'The address is not valid: a % in it does not start the escape of a character (such as %20).';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return describePathTooLong(request.server.initialConfig.maxParamLength);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `A request body of type ${request.headers['content-type'] ?? '(none)'} is not accepted here.`;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `The request body is larger than the ${formatBytes(request.routeOptions.bodyLimit)} allowed here.`;
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'The request body is not as long as its Content-Length says.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty, but its Content-Type says JSON.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    default:
      return error.message;
  }
}

export function describePathTooLong(maxParamLength: number | undefined): string {
  return `Part of this address is longer than the ${maxParamLength ?? 100} characters allowed.`;
}

function formatBytes(bytes: number | undefined): string {
  if (!bytes) return 'size';
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${bytes} bytes`;
}

/** What Node's HTTP parser refuses before Fastify sees a request, by its error code. */
const CLIENT_ERRORS: Record<string, { status: number; reason: string; code: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    code: 'HEADERS_TOO_LARGE',
    message: 'The headers of this request (its cookies and address included) are too large.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    code: 'REQUEST_TIMEOUT',
    message: 'The request took too long to arrive.',
  },
};
const MALFORMED_REQUEST = {
  status: 400,
  reason: 'Bad Request',
  code: 'MALFORMED_REQUEST',
  message: 'This request is not valid HTTP.',
};

/**
 * Node answers what its HTTP parser refuses (headers too large, a malformed request line,
 * a bad chunk size, both Content-Length and Transfer-Encoding) on the socket itself;
 * passed to Fastify as `clientErrorHandler`, this answers in the API's shape rather than
 * Fastify's `{ error, statusCode }`, then closes the connection, since what follows on it
 * cannot be read.
 */
export function answerClientError(
  this: FastifyInstance,
  error: NodeJS.ErrnoException & { reason?: string },
  socket: Socket,
): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const refusal = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED_REQUEST;
  // The client's mistake, not the server's: one quiet line, no stack.
  this.log.info(
    { code: error.code, status: refusal.status, reason: error.reason },
    'malformed request refused',
  );
  const body = JSON.stringify(createErrorBody(refusal.code, refusal.message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${refusal.status} ${refusal.reason}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        'Cache-Control: no-store\r\n' +
        'Connection: close\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export function createErrorBody(code: string, message: string, field?: string): TErrorResponse {
  return field ? { success: false, message, code, field } : { success: false, message, code };
}
