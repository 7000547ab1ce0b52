// The lead record's consent line: what the visitor agreed to on the form, that only manual calls about the
// request are allowed (no box ticked, or a lead staff added), or that a do-not-contact request withdrew it.
import type { ConsentSummary } from '../../../../schemas/lead.ts';
import { consentLine } from './consent-line.ts';

export function ConsentLine({ consent, withdrawnAt }: { consent: ConsentSummary | null; withdrawnAt?: Date | null }) {
  const state = withdrawnAt ? 'withdrawn' : consent?.given ? 'given' : 'none';
  const tone = { withdrawn: 'font-medium text-rose-800', given: 'text-emerald-800', none: 'text-slate-700' }[state];
  return (
    <span className={tone} data-consent={state}>
      {consentLine(consent, withdrawnAt)}
    </span>
  );
}
