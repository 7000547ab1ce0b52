// A person's access copy (a privacy request): every record held about them, in plain field names and
// without internal fields (database ids other than the record numbers staff quote, counters, lookup
// keys). The console shows it as a printable page and downloads it as JSON (models/privacy/access-copy.ts).
// Times are ISO strings, money in dollars.
import type { PolicyTermsText } from './policy.ts';

export interface AccessCopyLead {
  leadId: string;
  name: string;
  email: string;
  phone: string;
  status: string;
  receivedAt: string;
  /** "website" (the contact form) or "admin" (added by staff). */
  source: string;
  agent: string | null;
  claimedAt: string | null;
  firstContactedAt: string | null;
  state: string | null;
  notes: string;
  /** The visit that sent the form: page, referring site, campaign; null when unknown. */
  cameFrom: { landingPage: string | null; referrer: string | null; campaign: string | null } | null;
  timeline: { at: string; what: string; by: string; status?: string; outcome?: string; note?: string; followUpAt?: string | null }[];
}

export interface AccessCopyCall {
  leadId: string;
  at: string;
  by: string;
  outcome: string;
  note: string;
}

export interface AccessCopyFollowUp {
  leadId: string;
  /** When the agent meant to call again. */
  dueAt: string;
  setBy: string;
  setAt: string;
}

export interface AccessCopyConsent {
  leadId: string;
  given: boolean;
  at: string;
  /** The text the box showed, word for word, and its version. */
  text: string;
  version: number;
  covers: string[];
  ipAddress: string | null;
  browser: string | null;
  page: string | null;
  form: string | null;
}

export interface AccessCopyDoNotContact {
  /** Whether the entry is the email address or the phone number. */
  of: 'email' | 'phone';
  active: boolean;
  since: string;
  recordedBy: string;
  recordedFrom: string;
  reason: string;
  lifted: { at: string; by: string; reason: string } | null;
}

export interface AccessCopyCustomer {
  customerId: string;
  name: string;
  email: string;
  phone: string;
  age: number | null;
  birthDate: string | null;
  hasKids: boolean;
  kidsCount: number | null;
  kidsAges: string;
  previousInsurance: string;
  insuranceProvider: string | null;
  desiredCoverage: string;
  budgetRange: string | null;
  medicalHistory: string;
  medications: string;
  preferredDoctor: string;
  insuranceType: string;
  planType: string;
  employmentStatus: string | null;
  annualIncome: string | null;
  policyStartDate: string | null;
  notes: string;
  becameCustomerAt: string;
}

export interface AccessCopyPolicy extends PolicyTermsText {
  customerId: string;
  renewalDate: string | null;
  /** Dollars, e.g. "182.50". */
  premium: string;
  premiumPeriod: string;
  writingAgent: string;
}

export interface AccessCopy {
  preparedAt: string;
  askedAbout: { email?: string; phone?: string };
  leads: AccessCopyLead[];
  calls: AccessCopyCall[];
  followUps: AccessCopyFollowUp[];
  consent: AccessCopyConsent[];
  doNotContact: AccessCopyDoNotContact[];
  customers: AccessCopyCustomer[];
  policies: AccessCopyPolicy[];
  /** Who read their medical details, when, and the reason given when one was asked for. */
  medicalReads: { customerId: string; at: string; by: string; reason: string | null }[];
  /** The activity log's entries about them. */
  activity: { at: string; by: string; action: string; status?: string; outcome?: string }[];
  queuedNotices: { kind: string; channel: string; dueAt: string }[];
}
