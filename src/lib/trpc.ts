// The typed tRPC client: procedures are called with full type safety, no code generation.
// Queries and mutations go in batches over HTTP; subscriptions (the live console) over server-sent events.
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink, type TRPCClient } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import type { AppRouter } from '../../routers/index.ts';
import { getToken } from './session.ts';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export function makeTrpcClient(apiBase: string) {
  const client: TRPCClient<AppRouter> = createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({
          url: `${apiBase}/trpc`,
          transformer: superjson,
          // An EventSource cannot send the Authorization header, and a staff token in a URL would end
          // up in logs: each (re)connection fetches a one-minute ticket and carries that instead.
          connectionParams: async () => ({ ticket: (await client.live.ticket.mutate()).ticket }),
        }),
        false: httpBatchLink({
          url: `${apiBase}/trpc`,
          transformer: superjson,
          headers() {
            const token = getToken();
            return token ? { Authorization: `Bearer ${token}` } : {};
          },
        }),
      }),
    ],
  });
  return client;
}
