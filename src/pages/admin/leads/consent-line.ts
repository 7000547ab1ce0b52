// The words of the lead record's consent line (ConsentLine.tsx).
import type { ConsentSummary } from '../../../../schemas/lead.ts';

export const NO_CONSENT = 'No consent to automated calls or texts: manual calls about this request only';

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * "Consented to calls and texts on Nov 25, 2026 — text v1", or NO_CONSENT. A person who later asked not to
 * be contacted (`withdrawnAt`) has withdrawn any consent: the line says so instead, with the earlier consent's date.
 */
export function consentLine(consent: ConsentSummary | null, withdrawnAt?: Date | null): string {
  if (withdrawnAt) {
    const earlier = consent?.given ? ` (consent given on ${day.format(consent.at)})` : '';
    return `Consent withdrawn: asked not to be contacted on ${day.format(withdrawnAt)}${earlier}`;
  }
  if (!consent?.given) return NO_CONSENT;
  const covers = consent.covers.length ? consent.covers.join(' and ') : 'calls and texts';
  return `Consented to ${covers} on ${day.format(consent.at)} — text v${consent.version}`;
}
