// Procedures called the way the console calls them: a typed tRPC client (superjson, the bearer token),
// so a test's input and the answer it reads are checked against the routers by the compiler.
// Tests that send malformed bodies on purpose keep building them by hand.
import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import superjson from 'superjson';
import type { AppRouter } from '../../routers/index.ts';

export function trpcClient(baseUrl: string, token?: string) {
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({ url: `${baseUrl}/trpc`, transformer: superjson, headers: () => (token ? { authorization: `Bearer ${token}` } : {}) }),
    ],
  });
}

/** The input of the console's lead list (`leads.page`). */
export type LeadsPageInput = Parameters<ReturnType<typeof trpcClient>['leads']['page']['query']>[0];

export interface Outcome<T> {
  /** 200, or the HTTP status of the refusal. */
  status: number;
  /** The answer; undefined at run time when the call was refused (typed as the answer to keep tests short). */
  data: T;
  /** The refusal's message. */
  error?: string;
}

/** A call's outcome as a test reads it: the answer, or the refusal's status and message. */
export async function outcome<T>(call: Promise<T>): Promise<Outcome<T>> {
  try {
    return { status: 200, data: await call };
  } catch (err) {
    if (!(err instanceof TRPCClientError)) throw err;
    const status = (err.data as { httpStatus?: number } | undefined)?.httpStatus ?? 0;
    return { status, data: undefined as T, error: err.message };
  }
}
