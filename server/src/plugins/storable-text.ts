import type { FastifyInstance } from 'fastify';
import type { $ZodType } from 'zod/v4/core';
import { AppError } from '../lib/errors.ts';
import { findUnstorableText, type UnstorableText } from '../lib/storable-text.ts';
import { labelField, type RequestPart } from './validation-messages.ts';

/**
 * One rule for every route, present and future: a text value anywhere in a request's path
 * parameters, query string or (JSON) body that holds a character the database cannot store
 * is refused with a 400 naming the field, before the route sees it. Without it each such
 * value reached PostgreSQL and came back as a 500.
 */
export function registerStorableTextRule(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request.
  app.addHook('preValidation', (request, _reply, done) => {
    const parts: [RequestPart, unknown][] = [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ];
    for (const [part, value] of parts) {
      const found = findUnstorableText(value);
      if (found) {
        const schema = request.routeOptions.schema?.[part] as $ZodType | undefined;
        const field = found.path.join('.');
        done(new AppError('VALIDATION_ERROR', describeUnstorable(found, part, schema), 400, field));
        return;
      }
    }
    done();
  });
}

function describeUnstorable(
  { path, character, isInKey }: UnstorableText,
  part: RequestPart,
  schema?: $ZodType,
): string {
  const codePoint = `U+${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  const label = labelField(path, part, schema);
  return isInKey
    ? `${label} has a field name with a character that is not allowed (${codePoint}).`
    : `${label} contains a character that is not allowed (${codePoint}).`;
}
