/** An error answer of our API (`{ success: false, message, code }`), or a failure to reach it. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;

  constructor({ message, code, status }: { message: string; code: string; status: number }) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
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

type ErrorBody = { success?: boolean; message?: unknown; code?: unknown };

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
  if (!response.ok || (payload as ErrorBody | null)?.success === false) {
    throw createApiError(response.status, payload as ErrorBody | null);
  }
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

function createApiError(status: number, payload: ErrorBody | null) {
  return new ApiError({
    message: typeof payload?.message === 'string' ? payload.message : genericErrorMessage,
    code: typeof payload?.code === 'string' ? payload.code : `HTTP_${status}`,
    status,
  });
}
