import { type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { Config } from '../config.ts';

/**
 * What the log may hold. Whoever reads a log must learn nothing that signs in, resets a
 * password or names a person: so a log line carries what is known to be safe (an
 * allow-list), never "everything but what we thought of". Requests are logged by method and
 * route pattern (`/api/users/:username`, not the username), never by raw URL, query or
 * headers; errors by type, code, constraint, a cleaned message and the stack's frames,
 * never by the query parameters, row details or bodies libraries hang on them. A text scrub
 * and pino's redaction are a second net under both.
 */
export function createLoggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  stream?: LogStream,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  const options: LoggerOptions = {
    level: config.logLevel,
    serializers: {
      req: serializeRequest,
      res: serializeReply,
      err: serializeError,
      // @fastify/multipart logs these at trace, with every request header (the session cookie).
      busboyOptions: (options: { limits?: unknown }) => ({ limits: options?.limits }),
    },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    hooks: { logMethod: scrubMessageArguments },
  };
  const pretty =
    config.logFormat === 'pretty' && !stream
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {};
  return {
    logger: { ...options, ...pretty, ...(stream ? { stream } : {}) },
    logController: new PrivateLogController(),
  };
}

/** Where log lines go instead of stdout: one JSON line per call. */
export type LogStream = { write(line: string): void };

type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

// A second net: these keys are never written even if a serializer above lets them through.
const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'busboyOptions.headers',
  'password',
  'password2',
  'passwordHash',
  'token',
  'answer',
  'email',
  'phone',
  'msisdn',
  '*.password',
  '*.password2',
  '*.passwordHash',
  '*.token',
  '*.answer',
  '*.email',
  '*.phone',
  '*.msisdn',
];

type LoggedRequest = { method: string; route: string | null };

/**
 * The route pattern, not the URL: paths hold emails (/account/forgot-password/EMAIL),
 * usernames (/@name) and media keys, and queries hold signatures, OIDC codes and states and
 * the dev outbox's address. `null` is a request no route took: a page of the web app or a 404.
 */
export function serializeRequest(request: FastifyRequest): LoggedRequest {
  return { method: request.method, route: request.routeOptions?.url ?? null };
}

function serializeReply(reply: { statusCode: number }): { statusCode: number } {
  return { statusCode: reply.statusCode };
}

/** Fastify's own "Route GET:/raw/url?query not found" line, without the URL. */
class PrivateLogController extends LogController {
  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.info({ req: request }, 'route not found');
  }
}

export type LoggedError = {
  type: string;
  message: string;
  stack: string;
  code?: string | number;
  statusCode?: number;
  status?: number;
  severity?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  syscall?: string;
  cause?: LoggedError;
  errors?: LoggedError[];
};

// Fields that name a failure and never a value: SQLSTATE codes, constraint and table names,
// HTTP statuses, system calls. Drizzle's `params` and `query`, PostgreSQL's `detail`
// ('Key (email)=(…) already exists', 'Failing row contains (…)'), `where` (a JSON value's
// text), `hint` and `internalQuery`, nodemailer's `rejected` and `response`, a provider
// error's `body`: all left out.
const STRING_FIELDS = ['severity', 'constraint', 'table', 'column', 'routine', 'syscall'] as const;
const NUMBER_FIELDS = ['statusCode', 'status'] as const;
const MAX_CAUSE_DEPTH = 5;

/** pino's `err` serializer, keeping only fields that cannot carry a person's data or a secret. */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) {
    const text = typeof error === 'string' ? scrubText(error) : `a thrown ${typeof error}`;
    return { type: typeof error, message: text, stack: '' };
  }
  const source = error as Error & Record<string, unknown>;
  const type = isDatabaseError(source) ? 'DatabaseError' : source.constructor?.name || source.name || 'Error';
  const message = describeErrorSafely(source);
  const frames = (source.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const logged: LoggedError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  if (typeof source.code === 'string' || typeof source.code === 'number') logged.code = source.code;
  for (const field of STRING_FIELDS) {
    if (typeof source[field] === 'string') logged[field] = source[field];
  }
  for (const field of NUMBER_FIELDS) {
    if (typeof source[field] === 'number') logged[field] = source[field];
  }
  if (depth < MAX_CAUSE_DEPTH) {
    if (source.cause !== undefined) logged.cause = serializeError(source.cause, depth + 1);
    if (error instanceof AggregateError) {
      logged.errors = error.errors.slice(0, 5).map((inner) => serializeError(inner, depth + 1));
    }
  }
  return logged;
}

/** The same allow-list for a person at a terminal: the stack, then each cause's. */
export function formatErrorForConsole(error: unknown): string {
  const parts: string[] = [];
  for (let logged: LoggedError | undefined = serializeError(error); logged; logged = logged.cause) {
    const details = [logged.code, logged.constraint].filter((detail) => detail !== undefined);
    parts.push(`${logged.stack || logged.message}${details.length ? ` (${details.join(', ')})` : ''}`);
  }
  return parts.join('\ncaused by: ');
}

function describeErrorSafely(error: Error & Record<string, unknown>): string {
  // Drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <every value>". The SQL has
  // placeholders ($1) for values; the values stay out.
  if (typeof error.query === 'string' && 'params' in error && error.message.startsWith('Failed query:')) {
    return scrubText(`Failed query: ${error.query}`);
  }
  // PostgreSQL's data exceptions (SQLSTATE class 22) quote the value they refused:
  // 'invalid input syntax for type integer: "…"', 'value "…" is out of range'.
  if (isDatabaseError(error) && error.code.startsWith('22')) {
    return scrubText(error.message.replace(/"[^"]*"/g, '"…"'));
  }
  return scrubText(error.message);
}

/** PostgreSQL's error, from node-postgres or PGlite (whose class name is minified). */
function isDatabaseError(
  error: Record<string, unknown>,
): error is Record<string, unknown> & { code: string } {
  return (
    typeof error.severity === 'string' && typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code)
  );
}

const EMAIL = /[\w.!#$%&'*+^`{|}~-]+(?:@|%40)[\w-]+(?:\.[\w-]+)+/gi;
const ARGON2_HASH = /\$argon2[\w$=,+/.-]*/g;
// A query string after a path or URL: signatures, tokens, codes, addresses.
const QUERY_STRING = /(\/[^\s"'?#]*)[?#][^\s"']*/g;
// A phone number is 9 or more digits; a log may keep its last three.
const LONG_DIGIT_RUN = /(?<!\w)\+?\d{6,}(\d{3})\b/g;

/**
 * The last net for free text (messages, errors of libraries that quote what they got):
 * email addresses, argon2 hashes, query strings and phone-length numbers are replaced.
 */
export function scrubText(text: string): string {
  return text
    .replace(EMAIL, '[email]')
    .replace(ARGON2_HASH, '[hash]')
    .replace(QUERY_STRING, '$1?[query]')
    .replace(LONG_DIGIT_RUN, '…$1');
}

/** pino's logMethod hook: a string message (or format argument) goes through scrubText. */
function scrubMessageArguments(this: unknown, args: Parameters<PinoLogMethod>, method: PinoLogMethod): void {
  const scrubbed = args.map((argument) => (typeof argument === 'string' ? scrubText(argument) : argument));
  method.apply(this, scrubbed as Parameters<PinoLogMethod>);
}

type PinoLogMethod = (...args: unknown[]) => void;
