// Query cache and tRPC client for the whole app, plus the server-provided configuration.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ClientConfigContext, type ClientConfig } from './lib/client-config.tsx';
import { makeTrpcClient, TRPCProvider } from './lib/trpc.ts';

export function Providers({ config, children }: { config: ClientConfig; children: ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 10_000, retry: 1, refetchOnWindowFocus: false } } }),
  );
  const [trpcClient] = useState(() => makeTrpcClient(config.apiBase));
  return (
    <ClientConfigContext.Provider value={config}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          {children}
        </TRPCProvider>
      </QueryClientProvider>
    </ClientConfigContext.Provider>
  );
}
