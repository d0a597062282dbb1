import type { TErrorResponse } from '@stagepass/contract/errors';
import type {
  RouteBody,
  RouteDefinition,
  RouteKey,
  RouteParams,
  RouteQuery,
  RouteReply,
} from '@stagepass/contract/routes';

/** An error answer of our API (`{ success: false, message, code }`), or a failure to reach it. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  /** With VALIDATION_ERROR: the path of the field the message is about ('email', 'country.code'). */
  readonly field: string | undefined;

  constructor({
    message,
    code,
    status,
    field,
  }: { message: string; code: string; status: number; field?: string }) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.field = field;
  }
}

/** The message the spec shows for failures it names no message for. */
export const genericErrorMessage = 'An error occured!';

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
};

/**
 * Calls our same-origin API with the session cookie and JSON both ways. Resolves with the
 * parsed body of a 2xx answer; rejects with an ApiError otherwise.
 */
export async function requestApi<T>(path: string, { method = 'GET', body, signal }: RequestOptions = {}) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ message: genericErrorMessage, code: 'NETWORK_ERROR', status: 0 });
  }

  const payload = await readJson(response);
  const errorFields = readErrorFields(payload);
  if (!response.ok || errorFields.success === false) throw createApiError(response.status, errorFields);
  return payload as T;
}

type QueryValue = string | number | boolean | null | undefined;

/** A route's inputs; each part is required exactly when the route declares it. */
type RouteInputs<Route extends RouteDefinition> = (RouteParams<Route> extends undefined
  ? { params?: undefined }
  : { params: RouteParams<Route> }) &
  (RouteQuery<Route> extends undefined ? { query?: undefined } : { query: RouteQuery<Route> }) &
  (RouteBody<Route> extends undefined ? { body?: undefined } : { body: RouteBody<Route> }) & {
    signal?: AbortSignal;
  };

/**
 * Calls a route declared in the contract, named as `GET /api/users/:username`: the key, the
 * inputs and the answer are all checked against the declaration (imported as a type, so no
 * zod reaches the browser). Path parameters are filled in and escaped; query values left
 * undefined or null are not sent.
 */
export function requestRoute<Route extends RouteDefinition>(
  key: RouteKey<Route>,
  ...[inputs]: RouteParams<Route> | RouteQuery<Route> | RouteBody<Route> extends undefined
    ? [inputs?: RouteInputs<Route>]
    : [inputs: RouteInputs<Route>]
): Promise<RouteReply<Route>> {
  const { params, query, body, signal } = (inputs ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    signal?: AbortSignal;
  };
  const [method, pattern] = key.split(' ') as [NonNullable<RequestOptions['method']>, string];
  return requestApi<RouteReply<Route>>(toRoutePath(pattern, params, query), { method, body, signal });
}

/** `/api/users/:username` with { username: 'a b' } → `/api/users/a%20b`, then the query. */
export function toRoutePath(
  pattern: string,
  params: Record<string, string | number> = {},
  query: Record<string, QueryValue> = {},
): string {
  const path = pattern.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`The path ${pattern} needs its parameter ${name}.`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const queryString = search.toString();
  return queryString ? `${path}?${queryString}` : path;
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const isJson = response.headers.get('Content-Type')?.includes('application/json');
  if (!isJson) return null;
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/**
 * The fields of an error answer (TErrorResponse) that the payload really has, each checked:
 * a proxy or a crashed server may answer with anything, or nothing.
 */
function readErrorFields(payload: unknown): Partial<TErrorResponse> {
  if (typeof payload !== 'object' || payload === null) return {};
  const { success, message, code, field } = payload as Record<string, unknown>;
  return {
    ...(success === false && { success }),
    ...(typeof message === 'string' && { message }),
    ...(typeof code === 'string' && { code }),
    ...(typeof field === 'string' && { field }),
  };
}

function createApiError(status: number, { message, code, field }: Partial<TErrorResponse>) {
  return new ApiError({
    message: message ?? genericErrorMessage,
    code: code ?? `HTTP_${status}`,
    status,
    field,
  });
}
