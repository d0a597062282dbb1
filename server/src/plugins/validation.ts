import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { type $ZodType, safeParse } from 'zod/v4/core';
import { describeIssue } from './validation-messages.ts';

/**
 * Validates each part of a request with its route's zod schema (as fastify-type-provider-zod
 * does), and words every problem the schema gave no message of its own for a person:
 * 'Username is required.' rather than zod's 'Invalid input: expected string, received undefined'.
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = safeParse(schema, data, { error: (issue) => describeIssue(issue, httpPart, schema) });
    if (result.success) return { value: result.data };
    const errors: FastifySchemaValidationError[] = result.error.issues.map(({ code, path, message }) => ({
      keyword: code,
      instancePath: `/${path.join('/')}`,
      schemaPath: `#/${path.join('/')}/${code}`,
      params: {},
      message,
    }));
    return { error: errors };
  };
