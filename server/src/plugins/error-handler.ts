import type { TErrorResponse } from '@stagepass/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { drainUnreadBody } from './unread-request-body.ts';

const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/** One place turns every failure into `{ success: false, message, code }` with the right status. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      // The validator compiler (plugins/validation.ts) words each message for a person.
      const [first] = error.validation;
      const message = first?.message ?? 'The request is not valid.';
      const field = first?.instancePath.split('/').filter(Boolean).join('.');
      return reply.status(400).send(createErrorBody('VALIDATION_ERROR', message, field));
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(createErrorBody(error.code, error.message, error.field));
    }
    // Fastify's own client errors (bad JSON, body too large, wrong content type) are safe to show.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(createErrorBody(error.code ?? 'BAD_REQUEST', error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(createErrorBody('INTERNAL', INTERNAL_ERROR_MESSAGE));
  });
}

/**
 * Fastify's own refusals before routing (a malformed URL) skip the hooks and the error
 * handler: passed to Fastify as `frameworkErrors`, this answers them like any other.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  drainUnreadBody(request, reply);
  reply.status(error.statusCode ?? 400).send(createErrorBody(error.code, error.message));
}

export function createErrorBody(code: string, message: string, field?: string): TErrorResponse {
  return field ? { success: false, message, code, field } : { success: false, message, code };
}
