// Lead schemas and option lists, shared by the forms, the procedures, the REST adapters and the model.
import { z } from 'zod';
import type { FirstTouch } from './first-touch.ts';
import { normalisePhone, phoneKey } from './phone.ts';
import type { DoNotContactView } from './privacy.ts';
import { stripControls, stripControlsKeepLines } from './text.ts';
import { CALL_OUTCOMES, CALL_OUTCOME_LABELS } from './call-outcomes.ts';

export const LEAD_STATUSES = ['unclaimed', 'called', 'follow-up', 'quoted', 'closed', 'lost'] as const;
export const leadStatus = z.enum(LEAD_STATUSES);
export type LeadStatus = z.infer<typeof leadStatus>;

/** Statuses an agent can pick from the dropdown of a claimed lead (docs/product.md §4). */
export const WORKING_STATUSES = ['called', 'follow-up', 'quoted', 'closed', 'lost'] as const;

export const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/**
 * The digits of a search written like a phone number ("303.555-81"), else none: "anna3" is no phone
 * search. A US country code is dropped ("+1 303 555 7001" finds "(303) 555-7001"), as in phoneKey.
 */
export const phoneSearchDigits = (search: string) => (/^[\d\s()+.-]+$/.test(search.trim()) ? phoneKey(search) : '');

export { stripControls, stripControlsKeepLines };

export const personName = z
  .string()
  .overwrite(stripControls)
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be at most 100 characters');
export const emailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Enter a valid email address'));
export const phoneNumber = z
  .string()
  .overwrite(stripControls)
  .trim()
  .min(1, 'Phone is required')
  .max(30, 'Phone must be at most 30 characters')
  .refine((p) => /^[0-9+().\-\s]+$/.test(p), 'Phone may contain only digits, spaces and + ( ) . -')
  .refine((p) => {
    const n = digitsOf(p).length;
    return n >= 7 && n <= 15;
  }, 'Phone must have 7 to 15 digits')
  // Then one standard form: E.164 when the number allows it (schemas/phone.ts).
  .overwrite(normalisePhone);

export const NOTES_MAX = 5000;
export const leadNotes = z.string().overwrite(stripControlsKeepLines).max(NOTES_MAX, `Notes must be at most ${NOTES_MAX} characters`);

/** The public contact form (docs/product.md §3): name, email, phone. */
export const referralInput = z.object({
  name: personName,
  email: emailAddress,
  phone: phoneNumber,
});
export type ReferralInput = z.infer<typeof referralInput>;

/** A lead's id in the API: the record's id as text. Unknown or malformed ids are 404, not 400. */
export const leadIdInput = z.object({ leadId: z.string().trim().min(1, 'leadId is required').max(64) });

/** Staff adding a lead by hand (docs/product.md §5): name, email and phone required, notes optional. */
export const leadCreateInput = referralInput.extend({ notes: leadNotes.optional() });
export type LeadCreateInput = z.infer<typeof leadCreateInput>;

export const leadClaimInput = leadIdInput.extend({ claimedBy: z.string().trim().min(1, 'claimedBy is required').max(100) });

/** How far ahead a follow-up may be set. */
export const FOLLOW_UP_MAX_DAYS = 366;

/** A follow-up's time: ahead (a minute's grace for clocks) and within a year. */
const followUpAtField = z.coerce
  .date({ error: 'Enter a valid follow-up date and time' })
  .refine((d) => d.getTime() > Date.now() - 60_000, 'Pick a follow-up time in the future')
  .refine((d) => d.getTime() < Date.now() + FOLLOW_UP_MAX_DAYS * 86_400_000, 'Pick a follow-up time within a year');

/**
 * A status and/or notes. With the status "follow-up" an optional `followUpAt` says when; without one the
 * lead keeps a pending follow-up or gets the next business morning (schemas/follow-up-time.ts).
 */
export const leadUpdateInput = leadIdInput
  .extend({ status: leadStatus.optional(), notes: leadNotes.optional(), followUpAt: followUpAtField.optional() })
  .refine((v) => v.status !== undefined || v.notes !== undefined, { message: 'Give a status or notes to update' })
  .refine((v) => v.followUpAt === undefined || v.status === 'follow-up', {
    message: 'A follow-up date goes with the status follow-up',
    path: ['followUpAt'],
  });
export type LeadUpdateInput = z.infer<typeof leadUpdateInput>;

/** Columns the lead list sorts by (leadPageInput.sort). */
export const LEAD_SORTS = ['received', 'name', 'status', 'claimedBy'] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];

/** One page of the console's lead list: a tab (an agent's by name), an optional search, a page from 0. */
export const leadPageInput = z.object({
  tab: z.enum(['all', 'unclaimed', 'agent', 'closed', 'lost']).default('all'),
  agent: z.string().trim().max(100).optional(),
  search: z.string().max(100, 'Search must be at most 100 characters').default(''),
  page: z.number().int().min(0).max(1_000_000).default(0),
  sort: z.enum(LEAD_SORTS).default('received'),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** Only the leads past the 24-hour promise (uncontacted and unfinished). */
  overdue: z.boolean().default(false),
});
export type LeadPageInput = z.infer<typeof leadPageInput>;

/** Optional YYYY-MM-DD dates of the activity export. */
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD')
  .optional();
export const activityExportInput = z.object({ from: isoDate, to: isoDate });

/** What the console shows of a lead. */
export interface LeadView {
  leadId: string;
  name: string;
  email: string;
  phone: string;
  notes: string;
  status: LeadStatus;
  claimedBy: string | null;
  claimedAt: Date | null;
  contactedAt: Date | null;
  createdAt: Date;
  /** docs/product.md §3 names the arrival time both createdAt and timestamp. */
  timestamp: Date;
  source: 'website' | 'admin';
  /** The first submission this one may repeat. */
  duplicateOf: string | null;
  /** Still unclaimed or uncontacted 24 hours after it arrived. */
  overdue: boolean;
  /** When the claiming agent means to call again; null when nothing is pending. */
  followUpAt: Date | null;
  /** The last call logged on the lead. */
  lastCall: { at: Date; outcome: CallOutcome; by: string } | null;
  /** The calls logged in the last 24 hours, oldest first (Florida's cap: schemas/calling-hours.ts). */
  recentCalls: Date[];
  /** Where the lead lives (models/leads/region.ts), for calling hours; null when unknown. */
  region: { state: string | null; timeZones: string[]; from: 'phone' | 'address' } | null;
  /** What the consent box held when the form was sent; null for leads staff added. */
  consent: ConsentSummary | null;
  /** The person asked not to be contacted (models/privacy/suppression-store.ts); absent where not looked up. */
  doNotContact?: DoNotContactView | null;
}

/** A lead's consent as lists and exports show it. */
export interface ConsentSummary {
  given: boolean;
  /** The wording's version (schemas/consent.ts). */
  version: number;
  covers: string[];
  at: Date;
  pageUrl: string | null;
  formId: string | null;
}

/** The whole consent record, on the lead's record: the summary with the exact text and the sender's address and browser. */
export interface ConsentRecordView extends ConsentSummary {
  text: string;
  ip: string | null;
  userAgent: string | null;
}

/** The site promises a reply within 24 hours (docs/product.md §1). */
export const RESPONSE_PROMISE_MS = 24 * 60 * 60 * 1000;

// ---- A broker's working day: sorting, the lead record, calls, follow-ups and My work (docs/product.md §10).

/** What a logged call came to. */
export { CALL_OUTCOMES, CALL_OUTCOME_LABELS };
export const callOutcome = z.enum(CALL_OUTCOMES);
export type CallOutcome = z.infer<typeof callOutcome>;

export const CALL_NOTE_MAX = 2000;
/**
 * Log a call: its outcome, a note, and optionally when to call next. A follow-up must lie ahead
 * (a minute's grace for clocks) and within a year; none clears the lead's pending follow-up.
 */
export const logCallInput = leadIdInput.extend({
  outcome: callOutcome,
  note: z
    .string()
    .overwrite(stripControlsKeepLines)
    .trim()
    .max(CALL_NOTE_MAX, `The note must be at most ${CALL_NOTE_MAX} characters`)
    .default(''),
  followUpAt: followUpAtField.nullish(),
  /** The caller saw that the person asked not to be contacted and logs the call anyway. */
  confirmDoNotContact: z.boolean().optional(),
  /** A Medicare appointment needs a valid Scope of Appointment, or a reason (docs/compliance.md). */
  kind: z.enum(['call', 'medicare-appointment']).optional(),
  soaReason: z.string().overwrite(stripControls).trim().max(300, 'The reason must be at most 300 characters').optional(),
});
export type LogCallInput = z.infer<typeof logCallInput>;

/** Whose work to show: the signed-in agent's by default, or a named agent's. */
export const myWorkInput = z.object({ agent: z.string().trim().max(100).optional() }).default({});

/** One thing that happened to a lead, newest first on its record. */
export interface TimelineEntry {
  at: Date;
  kind:
    | 'created'
    | 'claimed'
    | 'unclaimed'
    | 'status'
    | 'notes'
    | 'call'
    | 'follow-up'
    | 'customer'
    /** given to an agent by round robin (docs/product.md §11), `reason` says why */
    | 'assigned'
    /** offered to the eligible agents, or left in the pool; `reason` says why */
    | 'pool'
    /** a step of the escalation ladder: reminder, return to the pool, admins told; `reason` says why */
    | 'escalated'
    /** a policy recorded for the customer this lead became */
    | 'policy';
  /** Who did it (the staff member's name), or "Website" for a visitor's submission. */
  user: string;
  status?: LeadStatus;
  claimedBy?: string;
  outcome?: CallOutcome;
  note?: string;
  followUpAt?: Date | null;
  reason?: string;
}

/** A lead's record: the lead, what happened to it, its possible duplicates and its customer once closed. */
export interface LeadRecordView {
  lead: LeadView;
  timeline: TimelineEntry[];
  /** Other leads from the same email or phone, newest first. */
  duplicates: { leadId: string; name: string; createdAt: Date; status: LeadStatus }[];
  customerId: string | null;
  /** Where the visit that sent the form came from (schemas/first-touch.ts); null when unknown. */
  firstTouch: FirstTouch | null;
  /** The source the dashboard counts it under (utm_source, else the referring host, else "direct"). */
  sourceLabel: string;
  /** The consent record in full (proof of what the visitor agreed to); null for leads staff added. */
  consentRecord: ConsentRecordView | null;
}

/** An agent's queue for the day (docs/product.md §10). */
export interface MyWork {
  /** The agent whose work this is; null when the signed-in staff member is no agent and none was named. */
  agent: string | null;
  /** Follow-ups whose time has passed, oldest first. */
  overdue: LeadView[];
  /** Follow-ups later today in the brokerage's time zone, soonest first. */
  today: LeadView[];
  /** Unclaimed leads 20 hours old or more (past or nearing the 24-hour promise), oldest first. */
  nearingPromise: LeadView[];
  /** overdue + today + nearingPromise: the number in the browser tab's title. */
  count: number;
}
