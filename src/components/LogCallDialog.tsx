// Log a call on a lead: its outcome, a note and the next follow-up (docs/product.md §10).
// Placeholder with the final props; the dialog itself is being built.
import type { LeadView } from '../../schemas/lead.ts';
import { DialogFrame } from './DialogFrame.tsx';

export interface LogCallDialogProps {
  lead: Pick<LeadView, 'leadId' | 'name' | 'phone' | 'status' | 'claimedBy'>;
  onClose(): void;
  /** The lead as the server left it after the call was logged. */
  onLogged(lead: LeadView): void;
}

export function LogCallDialog({ lead, onClose }: LogCallDialogProps) {
  return (
    <DialogFrame title={`Log a call with ${lead.name}`} onClose={onClose}>
      <p>Not built yet.</p>
    </DialogFrame>
  );
}
