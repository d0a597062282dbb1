import type { TErrorResponse } from '@stagepass/contract/errors';

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
