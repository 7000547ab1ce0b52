// One lead's claim, unclaim, status change and deletion, each a tRPC mutation: the row shows it is busy, the
// toast tells how it went (docs/product.md §8 texts on failure), and the page's figures refresh after.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc.ts';
import { refusalReason } from '../../../lib/error-message.ts';
import { useLeadSaved } from '../../../lib/use-lead-saved.ts';
import type { ToastMessage } from '../../../components/ui.tsx';
import type { LeadView, WORKING_STATUSES } from '../../../../schemas/lead.ts';

export type WorkingStatus = (typeof WORKING_STATUSES)[number];

export function useRowMutations(handlers: {
  toast(toast: ToastMessage): void;
  /** A claim went through: the page keeps the row in view and offers Undo. */
  onClaimed(lead: LeadView): void;
  onUnclaimed(lead: LeadView): void;
}) {
  const trpc = useTRPC();
  const leadSaved = useLeadSaved();
  const [busy, setBusy] = useState<Set<string>>(() => new Set());
  const start = ({ leadId }: { leadId: string }) => setBusy((b) => new Set(b).add(leadId));
  // The row stays busy until the refreshed page is in, so it never shows the old value in between.
  const settle = async (data: unknown, _error: unknown, { leadId }: { leadId: string }) => {
    await leadSaved(data && typeof data === 'object' && 'leadId' in data ? (data as LeadView) : null);
    setBusy((b) => {
      const next = new Set(b);
      next.delete(leadId);
      return next;
    });
  };
  const failed = (message: string) => (err: unknown) => {
    console.error(err);
    handlers.toast({ tone: 'error', message, detail: refusalReason(err) });
  };

  /** What every row mutation does: the row busy until the refreshed page is in, the failure told in a toast. */
  const rowOptions = (failure: string) => ({ onMutate: start, onSettled: settle, onError: failed(failure) });

  const claim = useMutation(
    trpc.leads.claim.mutationOptions({
      ...rowOptions('Error claiming lead. Please try again.'),
      onSuccess: (lead) => handlers.onClaimed(lead),
    }),
  );
  const unclaim = useMutation(
    trpc.leads.unclaim.mutationOptions({
      ...rowOptions('Error unclaiming lead. Please try again.'),
      onSuccess: (lead) => handlers.onUnclaimed(lead),
    }),
  );
  const status = useMutation(
    trpc.leads.update.mutationOptions({
      ...rowOptions('Error updating lead status. Please try again.'),
      onSuccess: (lead) =>
        handlers.toast({
          tone: 'success',
          message: lead.status === 'unclaimed' ? `${lead.name} restored.` : `${lead.name} marked ${lead.status}.`,
        }),
    }),
  );
  const remove = useMutation(trpc.leads.remove.mutationOptions(rowOptions('Error deleting lead. Please try again.')));

  return {
    busy,
    claim: (lead: LeadView, agent: string) => claim.mutate({ leadId: lead.leadId, claimedBy: agent }),
    unclaim: (lead: LeadView) => unclaim.mutate({ leadId: lead.leadId }),
    setStatus: (lead: LeadView, next: WorkingStatus) => status.mutate({ leadId: lead.leadId, status: next }),
    /** A lost lead back to the queue, unclaimed. */
    restore: (lead: LeadView) => status.mutate({ leadId: lead.leadId, status: 'unclaimed' }),
    /** Deletes one lead; resolves once it is settled either way (the error is told by the toast). */
    remove: (leadId: string, name: string) =>
      remove
        .mutateAsync({ leadId })
        .then(() => handlers.toast({ tone: 'success', message: `${name} deleted.` }))
        .catch(() => undefined),
    /** Refreshes the lists after a change made elsewhere (a dialog, a bulk action). */
    refresh: () => settle(undefined, undefined, { leadId: '' }),
  };
}
