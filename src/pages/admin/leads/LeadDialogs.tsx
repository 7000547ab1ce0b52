// The leads page's dialogs: create a lead, read and edit notes.
import { useState, type FormEvent } from 'react';
import { DialogFrame } from '../../../components/DialogFrame.tsx';
import { inputClass, primaryButton, secondaryButton } from '../../../components/ui.tsx';
import type { LeadView } from '../../../../schemas/lead.ts';

export interface NewLead {
  name: string;
  email: string;
  phone: string;
  notes: string;
}

export function CreateLeadDialog({ busy, onCreate, onClose }: { busy: boolean; onCreate(lead: NewLead): void; onClose(): void }) {
  const [lead, setLead] = useState<NewLead>({ name: '', email: '', phone: '', notes: '' });
  const ready = lead.name.trim() && lead.email.trim() && lead.phone.trim();
  const field = (key: keyof NewLead) => ({
    value: lead[key],
    onChange: (e: { target: { value: string } }) => setLead({ ...lead, [key]: e.target.value }),
    disabled: busy,
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    if (ready) onCreate(lead);
  }
  return (
    <DialogFrame title="Create New Lead" onClose={onClose} busy={busy}>
      <form onSubmit={submit} className="space-y-4">
        <label className="block text-sm font-medium text-slate-700">
          Name *
          <input className={inputClass} required autoFocus {...field('name')} />
        </label>
        <label className="block text-sm font-medium text-slate-700">
          Email *
          <input className={inputClass} type="email" required {...field('email')} />
        </label>
        <label className="block text-sm font-medium text-slate-700">
          Phone *
          <input className={inputClass} type="tel" required {...field('phone')} />
        </label>
        <label className="block text-sm font-medium text-slate-700">
          Notes
          <textarea className={inputClass} rows={3} {...field('notes')} />
        </label>
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" className={secondaryButton} onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className={primaryButton} disabled={!ready || busy}>
            {busy ? 'Creating...' : 'Create'}
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}

/** docs/product.md §9: notes over 200 characters collapse behind Read More / Show Less. */
export const NOTES_COLLAPSE_AT = 200;

export function NotesDialog({
  lead,
  busy,
  onSave,
  onClose,
}: {
  lead: LeadView;
  busy: boolean;
  onSave(notes: string): void;
  onClose(): void;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(lead.notes);
  const [expanded, setExpanded] = useState(false);
  const long = lead.notes.length > NOTES_COLLAPSE_AT;
  const shown = long && !expanded ? `${lead.notes.slice(0, NOTES_COLLAPSE_AT)}…` : lead.notes;
  return (
    <DialogFrame title={`Notes for ${lead.name}`} onClose={onClose} busy={busy}>
      {editing ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            onSave(draft);
          }}
          className="space-y-4"
        >
          <label className="block text-sm font-medium text-slate-700">
            Notes
            <textarea className={inputClass} rows={6} value={draft} onChange={(e) => setDraft(e.target.value)} disabled={busy} autoFocus />
          </label>
          <div className="flex justify-end gap-2">
            <button type="button" className={secondaryButton} onClick={() => setEditing(false)} disabled={busy}>
              Cancel
            </button>
            <button type="submit" className={primaryButton} disabled={busy}>
              {busy ? 'Saving...' : 'Save Notes'}
            </button>
          </div>
        </form>
      ) : (
        <div className="space-y-4">
          {lead.notes ? (
            <p className="whitespace-pre-wrap break-words text-sm text-slate-700">{shown}</p>
          ) : (
            <p className="text-sm italic text-slate-500">No notes yet.</p>
          )}
          {long && (
            <button type="button" className="text-sm font-semibold text-brand-600 hover:underline" onClick={() => setExpanded(!expanded)}>
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
