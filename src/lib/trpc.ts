// The typed tRPC client: procedures are called with full type safety, no code generation.
import { createTRPCClient, httpBatchLink, httpLink, splitLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { inferRouterOutputs } from '@trpc/server';
import superjson from 'superjson';
import type { AppRouter } from '../../routers/index.ts';
import { MAX_BATCH_SIZE } from '../../schemas/limits.ts';
import { getToken } from './session.ts';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** What each procedure answers, for components that keep a row in state. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export function makeTrpcClient(apiBase: string) {
  const common = {
    url: `${apiBase}/trpc`,
    transformer: superjson,
    headers(): Record<string, string> {
      const token = getToken();
      return token ? { Authorization: `Bearer ${token}` } : {};
    },
  };
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        // The server refuses sign-in calls inside a batch, and batches over its size limit.
        condition: (op) => op.path.startsWith('auth.') && op.type === 'mutation',
        true: httpLink(common),
        false: httpBatchLink({ ...common, maxItems: MAX_BATCH_SIZE }),
      }),
    ],
  });
}
