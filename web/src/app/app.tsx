import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { getSessionQueryOptions } from '../lib/session';
import { createQueryClient } from './query-client';
import { AppRouter } from './router';

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // Ask who is signed in while the first page's code is still loading.
    void client.prefetchQuery(getSessionQueryOptions());
    return client;
  });

  return (
    <QueryClientProvider client={queryClient}>
      <AppRouter />
    </QueryClientProvider>
  );
}
