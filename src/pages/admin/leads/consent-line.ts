// The words of the lead record's consent line (ConsentLine.tsx).
import type { ConsentSummary } from '../../../../schemas/lead.ts';

export const NO_CONSENT = 'No consent to automated calls or texts: manual calls about this request only';

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** "Consented to calls and texts on Nov 25, 2026 — text v1", or NO_CONSENT. */
export function consentLine(consent: ConsentSummary | null): string {
  if (!consent?.given) return NO_CONSENT;
  const covers = consent.covers.length ? consent.covers.join(' and ') : 'calls and texts';
  return `Consented to ${covers} on ${day.format(consent.at)} — text v${consent.version}`;
}
