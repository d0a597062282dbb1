import type { RouteDefinition, RouteKey, RouteQuery, RouteReply } from '@stagepass/contract/routes';
import { ApiError, genericErrorMessage, toRoutePath } from './api-client';

export type UploadOptions = {
  /** Called with the share of bytes sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/**
 * Sends one file as multipart (field `file`) to one of our upload routes, named as
 * `POST /api/media/upload` and checked against its declaration like requestRoute's (types
 * only); TAnswer may narrow the declared answer to the one this upload gets. XMLHttpRequest
 * rather than fetch: only it reports upload progress. Rejects with an ApiError carrying the
 * server's message, which the spec shows in a toast, or an AbortError when cancelled.
 */
export function uploadFile<
  Route extends RouteDefinition,
  TAnswer extends RouteReply<Route> = RouteReply<Route>,
>(
  key: RouteKey<Route>,
  file: Blob,
  { query, onProgress, signal }: UploadOptions & { query?: RouteQuery<Route> } = {},
) {
  const [method, pattern] = key.split(' ') as [string, string];
  const url = toRoutePath(pattern, {}, query as Parameters<typeof toRoutePath>[2]);
  return new Promise<TAnswer>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    const request = new XMLHttpRequest();
    request.open(method, url);
    request.responseType = 'json';
    request.setRequestHeader('Accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      const body = request.response as Record<string, unknown> | null;
      if (request.status >= 200 && request.status < 300 && body) {
        resolve(body as TAnswer);
        return;
      }
      reject(
        new ApiError({
          message: typeof body?.message === 'string' ? body.message : genericErrorMessage,
          code: typeof body?.code === 'string' ? body.code : `HTTP_${request.status}`,
          status: request.status,
        }),
      );
    });
    request.addEventListener('error', () =>
      reject(new ApiError({ message: genericErrorMessage, code: 'NETWORK_ERROR', status: 0 })),
    );
    request.addEventListener('abort', () => reject(new DOMException('Upload cancelled', 'AbortError')));
    signal?.addEventListener('abort', () => request.abort(), { once: true });

    const form = new FormData();
    form.append('file', file, file instanceof File ? file.name : 'recording');
    request.send(form);
  });
}
