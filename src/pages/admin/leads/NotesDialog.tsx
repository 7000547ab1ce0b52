// A lead's Notes modal (docs/product.md §4, §9): view and edit, long notes behind Read More / Show Less.
// Leaving the editor with unsaved text (Esc, × or Cancel) first asks "Discard unsaved notes?".
import { useState } from 'react';
import { Alert, DialogFrame } from '../../../components/DialogFrame.tsx';
import { inputClass, primaryButton, secondaryButton } from '../../../components/ui.tsx';
import { refusalReason } from '../../../lib/error-message.ts';
import { useLeadUpdate } from '../../../lib/use-lead-saved.ts';
import type { LeadView } from '../../../../schemas/lead.ts';

/** docs/product.md §9: notes over 200 characters collapse behind Read More / Show Less. */
export const NOTES_COLLAPSE_AT = 200;

export function NotesDialog({ lead, onSaved, onClose }: { lead: LeadView; onSaved(lead: LeadView): void; onClose(): void }) {
  // The saved notes go into every kept list and record before the dialog closes: reopened at once, it shows them.
  const save = useLeadUpdate(onSaved, (err) => console.error(err));
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(lead.notes);
  const [expanded, setExpanded] = useState(false);
  /** Where to go once the broker agrees to lose the draft: close the dialog or back to viewing. */
  const [leaving, setLeaving] = useState<'close' | 'view' | null>(null);
  const unsaved = editing && draft !== lead.notes;
  const long = lead.notes.length > NOTES_COLLAPSE_AT;
  const shown = long && !expanded ? `${lead.notes.slice(0, NOTES_COLLAPSE_AT)}…` : lead.notes;

  const leave = (to: 'close' | 'view') => {
    if (unsaved && !leaving) return setLeaving(to);
    if (to === 'close' || leaving === 'close') return onClose();
    setLeaving(null);
    setDraft(lead.notes);
    setEditing(false);
  };

  return (
    <DialogFrame title={`Notes for ${lead.name}`} onClose={() => (leaving ? setLeaving(null) : leave('close'))} busy={save.isPending}>
      {editing ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate({ leadId: lead.leadId, notes: draft });
          }}
          className="space-y-4"
        >
          {save.isError && (
            <Alert onDismiss={() => save.reset()}>
              <p className="font-medium">Error updating notes. Please try again.</p>
              {refusalReason(save.error) && <p className="mt-0.5 text-xs">{refusalReason(save.error)}</p>}
            </Alert>
          )}
          <label className="block text-sm font-medium text-slate-700">
            Notes
            <textarea
              className={inputClass}
              rows={6}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              disabled={save.isPending}
              autoFocus
            />
          </label>
          {leaving ? (
            <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              <p className="font-medium">Discard unsaved notes?</p>
              <div className="mt-2 flex justify-end gap-2">
                <button type="button" className={secondaryButton} onClick={() => setLeaving(null)} autoFocus>
                  Keep editing
                </button>
                <button type="button" className={`${primaryButton} bg-rose-700 hover:bg-rose-800`} onClick={() => leave(leaving)}>
                  Discard
                </button>
              </div>
            </div>
          ) : (
            <div className="flex justify-end gap-2">
              <button type="button" className={secondaryButton} onClick={() => leave('view')} disabled={save.isPending}>
                Cancel
              </button>
              <button type="submit" className={primaryButton} disabled={save.isPending}>
                {save.isPending ? 'Saving...' : 'Save Notes'}
              </button>
            </div>
          )}
        </form>
      ) : (
        <div className="space-y-4">
          {lead.notes ? (
            <p className="whitespace-pre-wrap break-words text-sm text-slate-700">{shown}</p>
          ) : (
            <p className="text-sm italic text-slate-600">No notes yet.</p>
          )}
          {long && (
            <button type="button" className="text-sm font-semibold text-brand-700 hover:underline" onClick={() => setExpanded(!expanded)}>
              {expanded ? 'Show Less' : 'Read More'}
            </button>
          )}
          <div className="flex justify-end gap-2">
            <button type="button" className={secondaryButton} onClick={onClose}>
              Close
            </button>
            <button type="button" className={primaryButton} onClick={() => setEditing(true)}>
              Edit Notes
            </button>
          </div>
        </div>
      )}
    </DialogFrame>
  );
}
