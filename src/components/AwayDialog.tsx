// The settings menu's Away dialog: the signed-in agent turns their own Away switch on or off, with an
// optional end; round robin and offers skip them meanwhile. It asks the server for the switch each time it
// opens (loading until then), and a save updates every view that shows it (away-state.ts).
import { useEffect, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../lib/trpc.ts';
import { errorMessage } from '../lib/error-message.ts';
import { Alert, DialogFrame } from './DialogFrame.tsx';
import { DialogActions } from './ui.tsx';
import { AwayFields, localInput } from './AwayFields.tsx';
import { useAwaySaved, useMyAvailability } from './away-state.ts';

export function AwayDialog({ onClose }: { onClose(): void }) {
  const trpc = useTRPC();
  const mine = useMyAvailability();
  const saved = useAwaySaved();
  // The form starts from the server's answer to this opening, never from what an earlier screen kept.
  const [loaded, setLoaded] = useState(false);
  const [away, setAway] = useState(false);
  const [until, setUntil] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { refetch } = mine;
  useEffect(() => {
    let current = true;
    void refetch().then((answer) => {
      if (!current) return;
      if (answer.data) {
        setAway(answer.data.away);
        setUntil(localInput(answer.data.awayUntil));
        setLoaded(true);
      } else setError(errorMessage(answer.error, 'Could not load your availability.'));
    });
    return () => {
      current = false;
    };
  }, [refetch]);
  const save = useMutation(
    trpc.assignment.setMyAway.mutationOptions({
      onSuccess: (now) => {
        void saved(now);
        onClose();
      },
      onError: (err) => setError(errorMessage(err, 'Could not save.')),
    }),
  );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!loaded) return;
    setError(null);
    save.mutate({ away, awayUntil: away && until ? new Date(until) : null });
  };
  return (
    <DialogFrame title="Away" onClose={onClose} busy={save.isPending}>
      <form onSubmit={onSubmit} className="space-y-4" aria-busy={!loaded}>
        {loaded ? (
          <AwayFields away={away} until={until} onAway={setAway} onUntil={setUntil} disabled={save.isPending} />
        ) : (
          !error && (
            <p role="status" className="text-sm text-slate-600">
              Loading your availability...
            </p>
          )
        )}
        {error && <Alert>{error}</Alert>}
        <DialogActions onCancel={onClose} busy={save.isPending} label="Save" busyLabel="Saving..." submitDisabled={!loaded} />
      </form>
    </DialogFrame>
  );
}
