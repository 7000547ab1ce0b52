// A lead's consent record: what the form's box said (version and exact text), what it covers,
// whether it was ticked, and the proof around it (time, address, browser, page, form). Written once
// with the lead; kept 5 years (README "Contact rules").
import { site } from '../../schemas/brokerage.ts';
import { CURRENT_CONSENT, consentText } from '../../schemas/consent.ts';
import type { ConsentRecordView, ConsentSummary } from '../../schemas/lead.ts';
import type { LeadRecord } from './schema.ts';

/** What the caller of the form knows: the box and where it was shown. */
export interface ConsentProof {
  given: boolean;
  userAgent?: string;
  pageUrl?: string;
  formId?: string;
}

/** Longest browser string kept. */
const USER_AGENT_MAX = 500;

/** The record stored with a new lead, under the wording shown today. */
export function consentRecord(proof: ConsentProof, ip: string | undefined, at: Date) {
  return {
    given: proof.given,
    version: CURRENT_CONSENT.version,
    text: consentText(site.name, CURRENT_CONSENT),
    covers: [...CURRENT_CONSENT.covers],
    at,
    ip: ip ?? null,
    userAgent: proof.userAgent ? proof.userAgent.slice(0, USER_AGENT_MAX) : null,
    pageUrl: proof.pageUrl ?? null,
    formId: proof.formId ?? null,
  };
}

type Stored = NonNullable<LeadRecord['consent']>;

export function consentSummary(stored: Stored | null | undefined): ConsentSummary | null {
  if (!stored?.at) return null;
  return {
    given: Boolean(stored.given),
    version: stored.version ?? 0,
    covers: [...(stored.covers ?? [])],
    at: stored.at,
    pageUrl: stored.pageUrl ?? null,
    formId: stored.formId ?? null,
  };
}

export function consentRecordView(stored: Stored | null | undefined): ConsentRecordView | null {
  const summary = consentSummary(stored);
  if (!summary || !stored) return null;
  return { ...summary, text: stored.text ?? '', ip: stored.ip ?? null, userAgent: stored.userAgent ?? null };
}
