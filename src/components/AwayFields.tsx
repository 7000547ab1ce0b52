// The Away switch with its optional end (docs/product.md §11), shared by the Staff page (an admin sets an
// agent's) and the settings menu (an agent sets their own). The end is a local date and time.
import { useId } from 'react';

/** A Date as the value of a datetime-local input (local time), or '' for none. */
export const localInput = (d: Date | string | null) => {
  if (!d) return '';
  const t = new Date(d);
  return new Date(t.getTime() - t.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

export function AwayFields(props: { away: boolean; until: string; onAway(v: boolean): void; onUntil(v: string): void; disabled: boolean }) {
  const id = useId();
  return (
    <div className="space-y-3">
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-900">
        <input
          type="checkbox"
          checked={props.away}
          disabled={props.disabled}
          onChange={(e) => props.onAway(e.target.checked)}
          className="h-5 w-5 rounded border-slate-300"
        />
        Away: no new leads
      </label>
      {props.away && (
        <div>
          <label htmlFor={`${id}-until`} className="block text-sm font-medium text-slate-900">
            Back at (optional)
          </label>
          <input
            id={`${id}-until`}
            type="datetime-local"
            value={props.until}
            disabled={props.disabled}
            onChange={(e) => props.onUntil(e.target.value)}
            className="mt-1 block w-full rounded-md border-slate-300"
          />
        </div>
      )}
    </div>
  );
}
