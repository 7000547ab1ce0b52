// "Away until …" on the agent's own screens (the console's header and My work) while their Away switch is
// on, with a one-click "I'm back": round robin and offers skip an Away agent, so they must see it.
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../lib/trpc.ts';
import { useAwaySaved, useMyAvailability } from './away-state.ts';

/** The end of an Away spell as a short local date and time ("Fri, Nov 27, 5:00 PM"). */
export const awayEnd = (d: Date | string) =>
  new Date(d).toLocaleString('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** The mark's text: "Away until <end>", or "Away" without an end. */
export const awayText = (awayUntil: Date | string | null) => (awayUntil ? `Away until ${awayEnd(awayUntil)}` : 'Away');

export function AwayMark({ compact = false }: { compact?: boolean }) {
  const trpc = useTRPC();
  const mine = useMyAvailability();
  const saved = useAwaySaved();
  const back = useMutation(trpc.assignment.setMyAway.mutationOptions({ onSuccess: (now) => void saved(now) }));
  if (!mine.data?.away) return null;
  return (
    <div
      role="status"
      className={`flex min-w-0 items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 text-sm text-amber-900 ${
        // In the header: a line of its own under the greeting on a phone, beside it from 640 px.
        compact ? 'order-last w-full justify-between py-0.5 pl-2 pr-0.5 sm:order-none sm:w-auto' : 'flex-wrap px-3 py-2'
      }`}
    >
      <span className="min-w-0 font-semibold">{awayText(mine.data.awayUntil)}</span>
      {!compact && <span className="text-amber-900">New leads skip you meanwhile.</span>}
      <button
        type="button"
        disabled={back.isPending}
        onClick={() => back.mutate({ away: false, awayUntil: null })}
        className="min-h-11 shrink-0 rounded-md px-2 font-semibold text-amber-950 underline underline-offset-2 hover:bg-amber-100 disabled:opacity-60"
      >
        {back.isPending ? 'Saving...' : "I'm back"}
      </button>
      {back.isError && <span role="alert">Could not save. Please try again.</span>}
    </div>
  );
}
