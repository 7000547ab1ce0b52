// The signed-in agent's own Away switch as every screen reads it: one query (the header mark, My work
// and the Away dialog share it), and one way to record a saved change so none of them shows the old one.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC, type RouterOutputs } from '../lib/trpc.ts';

export type MyAvailability = RouterOutputs['assignment']['myAvailability'];

/** How often an open console asks again (an admin may set the switch on the Staff page; an end may pass). */
const AWAY_REFRESH_MS = 60_000;

/** The signed-in staff member's Away switch and licences. */
export function useMyAvailability() {
  const trpc = useTRPC();
  return useQuery(trpc.assignment.myAvailability.queryOptions(undefined, { refetchInterval: AWAY_REFRESH_MS }));
}

/**
 * Records an Away change the server confirmed: the agent's own switch takes the saved value at once, and
 * the views that show anyone's availability (the Staff page, the dashboard's agent load) are asked again.
 */
export function useAwaySaved() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (saved: MyAvailability | null) => {
    if (saved) queryClient.setQueryData(trpc.assignment.myAvailability.queryKey(), saved);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.assignment.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.staff.pathKey() }),
    ]);
  };
}
