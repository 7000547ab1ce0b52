// The Lead Management page's dialogs: create a lead, notes, log a call, the follow-up date, confirm a
// deletion, and close a lead into its customer. Each reports back through the page's toast.
import type { ToastMessage } from '../../../components/ui.tsx';
import { CloseLeadDialog } from '../../../components/customer-form/CloseLeadDialog.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { LogCallDialog } from '../../../components/LogCallDialog.tsx';
import { FollowUpDialog } from '../../../components/FollowUpDialog.tsx';
import type { LeadView } from '../../../../schemas/lead.ts';
import { CreateLeadDialog } from './LeadDialogs.tsx';
import { NotesDialog } from './NotesDialog.tsx';

export type Dialog =
  | { kind: 'create' }
  | { kind: 'notes'; lead: LeadView }
  | { kind: 'call'; lead: LeadView }
  | { kind: 'delete'; leadIds: string[]; names: string[] }
  | { kind: 'close'; lead: LeadView }
  | { kind: 'follow-up'; lead: LeadView };

export function LeadPageDialogs({
  dialog,
  busy,
  recordHref,
  onToast,
  onDone,
  onClose,
  current,
  onLeadSaved,
  onConfirmDelete,
}: {
  dialog: Dialog | null;
  busy: Set<string>;
  recordHref(leadId: string): string;
  onToast(toast: ToastMessage): void;
  /** A dialog's work went through: close it and refresh the lists. */
  onDone(): void;
  onClose(): void;
  /** The lead as the page shows it now: a dialog opened on a row follows the row's latest data. */
  current(lead: LeadView): LeadView;
  /** A dialog saved the lead: the page's kept rows take the saved lead. */
  onLeadSaved(lead: LeadView): void;
  onConfirmDelete(leadIds: string[], names: string[]): void;
}) {
  return (
    <>
      {dialog?.kind === 'create' && (
        <CreateLeadDialog
          onClose={onClose}
          onCreated={(lead) => {
            onDone();
            onToast({
              tone: 'success',
              message: `Lead ${lead.name} created.`,
              actions: [{ label: 'Open', href: recordHref(lead.leadId) }],
            });
          }}
        />
      )}
      {dialog?.kind === 'notes' && (
        <NotesDialog
          lead={current(dialog.lead)}
          onClose={onClose}
          onSaved={(lead) => {
            onDone();
            onLeadSaved(lead);
            onToast({ tone: 'success', message: 'Notes saved.' });
          }}
        />
      )}
      {dialog?.kind === 'call' && (
        <LogCallDialog
          lead={current(dialog.lead)}
          onClose={onClose}
          onLogged={(lead) => {
            onDone();
            onLeadSaved(lead);
            onToast({ tone: 'success', message: `Call with ${lead.name} logged.` });
          }}
        />
      )}
      {dialog?.kind === 'follow-up' && (
        <FollowUpDialog
          lead={current(dialog.lead)}
          onClose={onClose}
          onSaved={(lead) => {
            onDone();
            onLeadSaved(lead);
            onToast({ tone: 'success', message: `${lead.name} marked follow-up.` });
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={dialog.leadIds.length === 1 ? 'Delete Lead' : 'Delete Leads'}
          message={`Delete ${dialog.leadIds.length === 1 ? dialog.names[0] : `${dialog.leadIds.length} leads`}? This cannot be undone.`}
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={dialog.leadIds.some((id) => busy.has(id))}
          onConfirm={() => onConfirmDelete(dialog.leadIds, dialog.names)}
          onClose={onClose}
        />
      )}
      {dialog?.kind === 'close' && (
        <CloseLeadDialog
          lead={dialog.lead}
          onClose={onClose}
          onClosed={() => {
            onDone();
            onToast({ tone: 'success', message: 'Customer added successfully and lead marked as closed!' });
          }}
        />
      )}
    </>
  );
}
