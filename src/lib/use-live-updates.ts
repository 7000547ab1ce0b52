// Keeps an open console current: when leads change anywhere (the public form, another agent, Slack,
// another server), the lead, customer and activity queries on screen refetch.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useTRPC } from './trpc.ts';
import { useStoredSession } from './session.ts';

/**
 * The counter's last value seen by each query cache, kept across screens: moving from one screen to the
 * next opens a new stream, whose first value refetches only when leads changed in between.
 */
const lastSeen = new WeakMap<QueryClient, number>();

/**
 * Listens to the server's lead change counter and refetches when it moves. Each (re)connection
 * starts with the current value: a console that lost its connection, or loaded its data just before
 * the stream opened, refetches then and misses nothing. The link reconnects by itself. A screen opens
 * the stream once its first figures are in (`ready`): the refetch a fresh page's first value brings then
 * never competes with them.
 */
export function useLiveUpdates(ready = true): void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const session = useStoredSession();
  useSubscription(
    trpc.live.changes.subscriptionOptions(undefined, {
      enabled: ready && session.ready && Boolean(session.token),
      onData(count) {
        const previous = lastSeen.get(queryClient);
        lastSeen.set(queryClient, count);
        if (previous === count) return;
        for (const key of [trpc.leads.pathKey(), trpc.activity.pathKey(), trpc.customers.pathKey()]) {
          void queryClient.invalidateQueries({ queryKey: key });
        }
      },
    }),
  );
}
