// The bulk actions for the selected leads (docs/product.md §4). On the Lost tab only Restore and Delete.
// Buttons are 44 px tall and wrap, so the bar fits a phone.
import type { LeadAction } from './use-lead-actions.ts';

const button =
  'min-h-11 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50';

export function BulkBar(props: {
  count: number;
  lostTab: boolean;
  agents: string[];
  disabled: boolean;
  onAction(action: LeadAction): void;
  onDelete(): void;
}) {
  const { count, lostTab, agents, disabled, onAction } = props;
  const actions: { label: string; action: LeadAction }[] = lostTab
    ? [{ label: 'Restore', action: { kind: 'status', status: 'unclaimed' } }]
    : [
        ...agents.map((agent) => ({ label: `Assign to ${agent}`, action: { kind: 'claim', agent } as LeadAction })),
        { label: 'Mark Called', action: { kind: 'status', status: 'called' } },
        { label: 'Mark Closed', action: { kind: 'status', status: 'closed' } },
        { label: 'Mark Lost', action: { kind: 'status', status: 'lost' } },
        { label: 'Unclaim', action: { kind: 'unclaim' } },
      ];
  return (
    <div
      role="toolbar"
      aria-label="Bulk actions"
      className="flex min-w-0 flex-wrap items-center gap-2 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3"
    >
      <span className="mr-2 text-sm font-semibold text-brand-900">{count} selected</span>
      {actions.map(({ label, action }) => (
        <button key={label} type="button" className={button} disabled={disabled} onClick={() => onAction(action)}>
          {label}
        </button>
      ))}
      <button
        type="button"
        className={`${button} border-rose-300 text-rose-700 hover:bg-rose-50`}
        disabled={disabled}
        onClick={props.onDelete}
      >
        Delete
      </button>
    </div>
  );
}
