// Stands in for the medical fields of the customer card when the office narrows who reads them and
// the signed-in staff member is neither the customer's agent nor an admin: says whether details are
// on file and opens them with a reason, which the audit log records (models/customers/access.ts).
import { useId, useState } from 'react';
import { inputClass, secondaryButton } from '../../../components/ui.tsx';

export function MedicalReasonPanel({ onFile, busy, onOpen }: { onFile: boolean; busy: boolean; onOpen(reason: string): void }) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const tooShort = reason.trim().length < 3;
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700 sm:col-span-2">
      <p>
        {onFile ? 'Medical details are on file.' : 'No medical details are on file.'} Only the customer&apos;s own agent and admins read
        them.
      </p>
      {onFile && !asking && (
        <button type="button" className={`${secondaryButton} mt-2`} onClick={() => setAsking(true)}>
          Open medical details
        </button>
      )}
      {onFile && asking && (
        <div role="group" aria-label="Open medical details" className="mt-2 space-y-2">
          <label htmlFor={reasonId} className="block font-medium text-slate-900">
            Why do you need them? (recorded in the audit log)
          </label>
          <input
            id={reasonId}
            className={inputClass}
            value={reason}
            maxLength={300}
            onChange={(e) => setReason(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                if (!tooShort) onOpen(reason.trim());
              }
            }}
          />
          <div className="flex gap-2">
            <button type="button" className={secondaryButton} disabled={tooShort || busy} onClick={() => onOpen(reason.trim())}>
              {busy ? 'Opening...' : 'Open'}
            </button>
            <button type="button" className={secondaryButton} onClick={() => setAsking(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
