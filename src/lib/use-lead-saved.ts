// What every console write of a lead does once the server answers: the saved lead goes into every kept
// list page, record and My work answer at once (lead-cache.ts), and the lead and activity queries are asked
// again, so no view or dialog opens on the lead as it was before the save.
import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeadView } from '../../schemas/lead.ts';
import { useTRPC } from './trpc.ts';
import { withSavedLead } from './lead-cache.ts';

/** Answers a function that records a saved lead (or, with none, only asks again) and resolves once the views are fresh. */
export function useLeadSaved() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    (saved?: LeadView | null) => {
      if (saved) queryClient.setQueriesData({ queryKey: trpc.leads.pathKey() }, (data: unknown) => withSavedLead(data, saved));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.leads.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.activity.pathKey() }),
      ]).then(() => undefined);
    },
    [queryClient, trpc],
  );
}

/** `leads.update` for a dialog: the saved lead goes into every view as above, then to `onSaved`. */
export function useLeadUpdate(onSaved: (lead: LeadView) => void, onError: (err: unknown) => void) {
  const trpc = useTRPC();
  const leadSaved = useLeadSaved();
  return useMutation(
    trpc.leads.update.mutationOptions({
      onSuccess: (saved) => {
        void leadSaved(saved);
        onSaved(saved);
      },
      onError,
    }),
  );
}
