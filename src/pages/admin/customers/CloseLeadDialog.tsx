// The customer-information form that closes a lead. (Filled by the customers issue.)
export interface CloseLeadDialogProps {
  lead: { leadId: string; name: string; email: string; phone: string };
  onClose(): void;
  /** Called after the customer was saved and the lead marked closed. */
  onClosed(): void;
}

export function CloseLeadDialog({ onClose }: CloseLeadDialogProps) {
  return (
    <div role="dialog" aria-label="Customer Information">
      <p>Closing a lead arrives with customer management.</p>
      <button type="button" onClick={onClose}>Cancel</button>
    </div>
  );
}
