// The Staff page's licences and availability dialog (docs/product.md §11): the US states an agent is licensed in
// (2-letter codes) and their Away switch with its optional end. Round robin reads both.
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc.ts';
import { Alert, DialogFrame } from '../../../components/DialogFrame.tsx';
import { DialogActions } from '../../../components/ui.tsx';
import { AwayFields, localInput } from '../../../components/AwayFields.tsx';
import { errorMessage } from '../../../lib/error-message.ts';

export interface AvailabilityRow {
  id: string;
  name: string;
  licensedStates: string[];
  away: boolean;
  awayUntil: Date | string | null;
}

export function AvailabilityDialog({ row, onClose, onSaved }: { row: AvailabilityRow; onClose(): void; onSaved(name: string): void }) {
  const trpc = useTRPC();
  const [states, setStates] = useState(row.licensedStates.join(', '));
  const [away, setAway] = useState(row.away);
  const [until, setUntil] = useState(localInput(row.awayUntil));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(
    trpc.assignment.setAvailability.mutationOptions({
      onSuccess: () => onSaved(row.name),
      onError: (err) => setError(errorMessage(err, 'Could not save.')),
    }),
  );
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const licensedStates = states
      .split(/[\s,]+/)
      .map((s) => s.trim().toUpperCase())
      .filter(Boolean);
    save.mutate({ staffId: row.id, licensedStates, away, awayUntil: away && until ? new Date(until) : null });
  }
  const busy = save.isPending;
  return (
    <DialogFrame title={`Licences and availability: ${row.name}`} onClose={onClose} busy={busy}>
      <form onSubmit={onSubmit} className="space-y-4">
        <label className="block text-sm font-medium text-slate-900">
          Licensed in (state codes, e.g. CO, TX)
          <input
            value={states}
            onChange={(e) => setStates(e.target.value)}
            disabled={busy}
            className="mt-1 block w-full rounded-md border-slate-300"
          />
        </label>
        <AwayFields away={away} until={until} onAway={setAway} onUntil={setUntil} disabled={busy} />
        {error && <Alert>{error}</Alert>}
        <DialogActions onCancel={onClose} busy={busy} label="Save" busyLabel="Saving..." />
      </form>
    </DialogFrame>
  );
}
