// The typed tRPC client: procedures are called with full type safety, no code generation.
// Queries and mutations go in batches over HTTP (sign-in alone, and a query asked to go alone: `alone`);
// subscriptions (the live console) over server-sent events.
import { createTRPCClient, httpBatchLink, httpLink, httpSubscriptionLink, splitLink, type TRPCClient } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { inferRouterOutputs } from '@trpc/server';
import superjson from 'superjson';
import type { AppRouter } from '../../routers/index.ts';
import { MAX_BATCH_SIZE } from '../../schemas/limits.ts';
import { getToken, tokenRotationsSettled } from './session.ts';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** What each procedure answers, for components that keep a row in state. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/**
 * Query options that send the query in a request of its own instead of the batch of its tick: a batch
 * answers when its slowest call does, so a screen's quick figure must not share one with a slow table.
 */
export const alone = { trpc: { context: { alone: true } } } as const;

const bearer = (token: string | null): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {});

/**
 * A call sent just before a password change reaches the server after it and is refused with the old
 * token; the 401 must not end the new session. Its answer may even come before the password change's:
 * the 401 then waits for that change to store the new token (sign-in calls, the change among them,
 * never wait). A wholly refused call ran nothing, so it is sent once more with the token held now.
 */
export const fetchWithCurrentToken: typeof fetch = async (url, init) => {
  const headers = (init?.headers ?? {}) as Record<string, string>;
  const response = await fetch(url, init);
  if (response.status === 401 && !/\/trpc\/auth\./.test(String(url))) await tokenRotationsSettled();
  const now = getToken();
  if (response.status !== 401 || !now || headers.Authorization === bearer(now).Authorization) return response;
  return fetch(url, { ...init, headers: { ...headers, ...bearer(now) } });
};

export function makeTrpcClient(apiBase: string) {
  const common = {
    url: `${apiBase}/trpc`,
    transformer: superjson,
    headers: () => bearer(getToken()),
    fetch: fetchWithCurrentToken,
  };
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
        false: splitLink({
          // The server refuses sign-in calls inside a batch, and batches over its size limit.
          condition: (op) => (op.path.startsWith('auth.') && op.type === 'mutation') || op.context.alone === true,
          true: httpLink(common),
          false: httpBatchLink({ ...common, maxItems: MAX_BATCH_SIZE }),
        }),
      }),
    ],
  });
  return client;
}
