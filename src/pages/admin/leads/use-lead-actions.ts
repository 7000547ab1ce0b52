// Runs a bulk action on the selected leads: one call per lead, in parallel (docs/product.md §4), then
// tells what went wrong with the docs/product.md §8 texts and refreshes the figures everywhere.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTRPC, useTRPCClient } from '../../../lib/trpc.ts';
import { refusalReason } from '../../../lib/error-message.ts';
import type { ToastMessage } from '../../../components/ui.tsx';
import type { LeadStatus } from '../../../../schemas/lead.ts';

export type LeadAction =
  { kind: 'claim'; agent: string } | { kind: 'status'; status: LeadStatus } | { kind: 'unclaim' } | { kind: 'delete' };

const FAILURE: Record<LeadAction['kind'], { one: string; some: string }> = {
  claim: { one: 'Error claiming lead. Please try again.', some: 'Error claiming some leads. Please try again.' },
  status: { one: 'Error updating lead status. Please try again.', some: 'Error updating some leads. Please try again.' },
  unclaim: { one: 'Error unclaiming lead. Please try again.', some: 'Error unclaiming some leads. Please try again.' },
  delete: { one: 'Error deleting lead. Please try again.', some: 'Error deleting some leads. Please try again.' },
};

function done(action: LeadAction): string {
  switch (action.kind) {
    case 'claim':
      return `assigned to ${action.agent}`;
    case 'status':
      return action.status === 'unclaimed' ? 'restored' : `marked ${action.status}`;
    case 'unclaim':
      return 'unclaimed';
    case 'delete':
      return 'deleted';
  }
}

const plural = (n: number) => `${n} lead${n === 1 ? '' : 's'}`;

/** Bulk actions only: a single lead's actions are mutations of their own (use-row-mutations.ts). */
export function useLeadActions(notify: (toast: ToastMessage) => void) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<Set<string>>(() => new Set());

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.leads.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.activity.pathKey() }),
    ]);

  function call(leadId: string, action: LeadAction): Promise<unknown> {
    switch (action.kind) {
      case 'claim':
        return client.leads.claim.mutate({ leadId, claimedBy: action.agent });
      case 'status':
        return client.leads.update.mutate({ leadId, status: action.status });
      case 'unclaim':
        return client.leads.unclaim.mutate({ leadId });
      case 'delete':
        return client.leads.remove.mutate({ leadId });
    }
  }

  /** Applies the action to every lead; answers the ids that failed. */
  async function run(leadIds: string[], action: LeadAction): Promise<string[]> {
    setBusy((b) => new Set([...b, ...leadIds]));
    const results = await Promise.allSettled(leadIds.map((id) => call(id, action)));
    setBusy((b) => new Set([...b].filter((id) => !leadIds.includes(id))));
    await refresh();

    const failed = leadIds.filter((_, i) => results[i].status === 'rejected');
    const firstError = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')?.reason;
    if (firstError) console.error('Lead action failed:', firstError);
    const reason = refusalReason(firstError);
    if (leadIds.length === 1) {
      if (failed.length) notify({ tone: 'error', message: FAILURE[action.kind].one, detail: reason });
    } else if (failed.length) {
      const detail = `${failed.length} of ${leadIds.length} failed${reason ? `: ${reason}` : '.'}`;
      notify({ tone: 'error', message: FAILURE[action.kind].some, detail });
    } else {
      notify({ tone: 'success', message: `${plural(leadIds.length)} ${done(action)}.` });
    }
    return failed;
  }

  return { run, busy, refresh };
}
