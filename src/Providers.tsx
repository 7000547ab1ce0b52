// Query cache and tRPC client for the whole app, plus the server-provided configuration.
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useState, type ReactNode } from 'react';
import { ClientConfigContext, type ClientConfig } from './lib/client-config.tsx';
import { makeTrpcClient, TRPCProvider } from './lib/trpc.ts';
import { endSession, getToken } from './lib/session.ts';

const isUnauthorized = (err: unknown) =>
  err instanceof TRPCClientError && (err.data?.httpStatus === 401 || err.data?.code === 'UNAUTHORIZED');

export function Providers({ config, children }: { config: ClientConfig; children: ReactNode }) {
  const [queryClient] = useState(() => {
    // docs/product.md §4: a 401 on any admin call ends the stored session and opens the login. Only a
    // call that carried a token counts; a failed sign-in is a 401 too and is shown on the form.
    const onError = (err: unknown) => {
      if (isUnauthorized(err) && getToken()) endSession(config.adminHosts);
    };
    return new QueryClient({
      queryCache: new QueryCache({ onError }),
      mutationCache: new MutationCache({ onError }),
      defaultOptions: {
        queries: {
          staleTime: 10_000,
          // Retrying a refused token only delays the way back to the login.
          retry: (count, err) => !isUnauthorized(err) && count < 1,
          refetchOnWindowFocus: false,
        },
      },
    });
  });
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
