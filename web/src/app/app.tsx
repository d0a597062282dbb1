import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { CheckoutProvider } from '../lib/checkout';
import { getSessionQueryOptions } from '../lib/session';
import { createQueryClient } from './query-client';
import { AppRouter } from './router';

// The wallet's checkout, for every feature that sells (lib/checkout.tsx): loaded when first shown.
const PurchaseCheckout = lazy(() => import('../features/wallet/checkout/purchase-checkout'));

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // Ask who is signed in while the first page's code is still loading.
    void client.prefetchQuery(getSessionQueryOptions());
    return client;
  });

  return (
    <QueryClientProvider client={queryClient}>
      <CheckoutProvider value={PurchaseCheckout}>
        <AppRouter />
      </CheckoutProvider>
    </QueryClientProvider>
  );
}
