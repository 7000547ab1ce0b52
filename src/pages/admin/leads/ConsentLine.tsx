// The lead record's consent line: what the visitor agreed to on the form, or that only manual calls
// about the request are allowed (no box ticked, or a lead staff added).
import type { ConsentSummary } from '../../../../schemas/lead.ts';
import { consentLine } from './consent-line.ts';

export function ConsentLine({ consent }: { consent: ConsentSummary | null }) {
  const given = Boolean(consent?.given);
  return (
    <span className={given ? 'text-emerald-800' : 'text-slate-700'} data-consent={given ? 'given' : 'none'}>
      {consentLine(consent)}
    </span>
  );
}
