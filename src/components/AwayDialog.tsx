// The settings menu's Away dialog (issue 27): the signed-in agent turns their own Away switch on or off,
// with an optional end; round robin and offers skip them meanwhile.
import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTRPC } from '../lib/trpc.ts';
import { errorMessage } from '../lib/error-message.ts';
import { Alert, DialogFrame } from './DialogFrame.tsx';
import { DialogActions } from './ui.tsx';
import { AwayFields, localInput } from './AwayFields.tsx';

export function AwayDialog({ onClose }: { onClose(): void }) {
  const trpc = useTRPC();
  const mine = useQuery(trpc.assignment.myAvailability.queryOptions());
  const [away, setAway] = useState(false);
  const [until, setUntil] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!mine.data) return;
    setAway(mine.data.away);
    setUntil(localInput(mine.data.awayUntil));
  }, [mine.data]);
  const save = useMutation(
    trpc.assignment.setMyAway.mutationOptions({ onSuccess: onClose, onError: (err) => setError(errorMessage(err, 'Could not save.')) }),
  );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ away, awayUntil: away && until ? new Date(until) : null });
  };
  return (
    <DialogFrame title="Away" onClose={onClose} busy={save.isPending}>
      <form onSubmit={onSubmit} className="space-y-4">
        <AwayFields away={away} until={until} onAway={setAway} onUntil={setUntil} disabled={save.isPending || !mine.data} />
        {error && <Alert>{error}</Alert>}
        <DialogActions onCancel={onClose} busy={save.isPending} label="Save" busyLabel="Saving..." />
      </form>
    </DialogFrame>
  );
}
