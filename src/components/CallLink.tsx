// The tap-to-call link of a lead. Outside the lead's calling hours, or past Florida's daily cap, it
// asks first ("It is 8:30 PM for this lead (Florida): calling hours are 8 AM–8 PM"); calling anyway
// is noted in the activity log (leads.noteCallPastWarning) before the phone dials. PhoneLink: the call
// link, or for a person who asked not to be contacted the warning in its place (README.md, Contact rules).
import { useState, type MouseEvent, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { LeadView } from '../../schemas/lead.ts';
import { callingCheck } from '../../schemas/calling-hours.ts';
import { formatPhone, telHref } from '../lib/phone.ts';
import { useTRPC } from '../lib/trpc.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { NoCallWarning } from './DoNotContact.tsx';

export function CallLink(props: {
  lead: Pick<LeadView, 'leadId' | 'name' | 'phone' | 'region' | 'recentCalls'>;
  className: string;
  children: ReactNode;
  ariaLabel?: string;
  tabIndex?: number;
}) {
  const { lead } = props;
  const trpc = useTRPC();
  const note = useMutation(trpc.leads.noteCallPastWarning.mutationOptions());
  const [warning, setWarning] = useState<string | null>(null);
  const href = telHref(lead.phone);

  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    const check = callingCheck(lead.region, new Date(), lead.recentCalls.length);
    if (!check.warning) return;
    e.preventDefault();
    setWarning(check.warning);
  };

  const callAnyway = () => {
    note.mutate(
      { leadId: lead.leadId },
      {
        onSettled: () => {
          setWarning(null);
          window.location.href = href;
        },
      },
    );
  };

  return (
    <>
      <a href={href} className={props.className} aria-label={props.ariaLabel} tabIndex={props.tabIndex} onClick={onClick}>
        {props.children}
      </a>
      {warning && (
        <ConfirmDialog
          title={`Call ${lead.name} now?`}
          message={`${warning}. Calling anyway is noted in the activity log.`}
          confirmLabel="Call anyway"
          busyLabel="Calling..."
          busy={note.isPending}
          onConfirm={callAnyway}
          onClose={() => setWarning(null)}
        />
      )}
    </>
  );
}

/** The lead's phone as people read it ("(303) 555-7001"): the call link, or "Do not call" for a suppressed person. */
export function PhoneLink({
  lead,
  className,
  tabbable = true,
}: {
  lead: Pick<LeadView, 'leadId' | 'name' | 'phone' | 'region' | 'recentCalls' | 'doNotContact'>;
  className: string;
  tabbable?: boolean;
}) {
  const shown = formatPhone(lead.phone);
  if (lead.doNotContact) return <NoCallWarning phone={shown} />;
  return (
    <CallLink lead={lead} className={className} ariaLabel={`Call ${shown}`} tabIndex={tabbable ? undefined : -1}>
      {shown}
    </CallLink>
  );
}
