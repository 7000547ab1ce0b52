// The log-call dialog's "Medicare appointment" box (docs/compliance.md): ticked, it looks up the person's Scope
// of Appointment; without a valid one it warns and asks for a reason, which the server keeps in the call's note.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc.ts';
import { inputClass } from '../ui.tsx';

export function useMedicareAppointment(leadId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [checked, setChecked] = useState(false);
  const [reason, setReason] = useState('');
  const panel = useQuery(trpc.compliance.panel.queryOptions({ leadId }, { enabled: checked }));
  const soa = panel.data?.status.find((s) => s.type === 'medicare-soa');
  const missing = checked && panel.isSuccess && !soa?.current;
  return {
    checked,
    setChecked,
    reason,
    setReason,
    loading: checked && panel.isPending,
    missing,
    validUntil: soa?.validUntil ?? null,
    missingReason: missing && !reason.trim(),
    /** The appointment used its Scope of Appointment: the Compliance panel shows it used. */
    logged: () => {
      if (checked) void queryClient.invalidateQueries({ queryKey: trpc.compliance.pathKey() });
    },
    input: checked ? { kind: 'medicare-appointment' as const, ...(reason.trim() ? { soaReason: reason.trim() } : {}) } : {},
  };
}

export function MedicareAppointmentCheck({ state, disabled }: { state: ReturnType<typeof useMedicareAppointment>; disabled: boolean }) {
  return (
    <div className="space-y-2">
      <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={state.checked}
          disabled={disabled}
          onChange={(e) => state.setChecked(e.target.checked)}
        />
        This was a Medicare appointment
      </label>
      {state.loading && <p className="text-sm text-slate-600">Checking the Scope of Appointment...</p>}
      {state.checked && !state.loading && !state.missing && state.validUntil && (
        <p className="text-sm text-emerald-800">A valid Scope of Appointment is on file.</p>
      )}
      {state.missing && (
        <div role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-semibold">No valid Scope of Appointment is on file for this person.</p>
          <label className="mt-2 block">
            Reason to log the appointment anyway
            <input
              className={inputClass}
              maxLength={300}
              value={state.reason}
              disabled={disabled}
              onChange={(e) => state.setReason(e.target.value)}
            />
          </label>
        </div>
      )}
    </div>
  );
}
