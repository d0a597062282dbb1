import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

const maxRetries = 2;

/** Retries network and server failures, never a 4xx answer: asking again changes nothing. */
function shouldRetry(failureCount: number, error: Error) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < maxRetries;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30 * 1000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
