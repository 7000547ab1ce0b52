// Shapes of the /api answers (docs/api.md, docs/product.md §3), as the OpenAPI document and its fuzz suite
// describe them. Objects stay open (`looseObject`): a field added later is no breaking change.
import { z } from 'zod';
import { LEAD_STATUSES } from './lead.ts';
import { INSURANCE_TYPES, PLAN_TYPES } from './customer.ts';
import { POLICY_LINES, POLICY_STATUSES } from './policy.ts';

const dateTime = z.iso.datetime();
const nullableText = z.string().nullable();

/** docs/api.md: every error is `{ error: "human readable text" }`. */
export const apiError = z.object({ error: z.string().min(1) });
export const success = z.looseObject({ success: z.literal(true) });

export const healthAnswer = z.object({ status: z.enum(['ok', 'degraded']), db: z.enum(['up', 'down']) });
export const referralAnswer = z.object({ success: z.literal(true), leadId: z.string().min(1) });
export const sessionAnswer = z.looseObject({ token: z.string().min(1), user: z.looseObject({ name: z.string(), email: z.string() }) });
/** A right password for an account with a second factor: no token yet (docs/api.md). */
export const mfaChallengeAnswer = z.object({
  mfaRequired: z.literal(true),
  mfaToken: z.string().min(1),
  methods: z.array(z.enum(['totp', 'recovery'])),
});
export const signInAnswer = z.union([sessionAnswer, mfaChallengeAnswer]);
export const totpSetupAnswer = z.object({
  secret: z.string().regex(/^[A-Z2-7]+=*$/),
  otpauthUrl: z.string().startsWith('otpauth://totp/'),
});
export const totpConfirmAnswer = z.object({ success: z.literal(true), recoveryCodes: z.array(z.string()).length(10) });

/** A person's "asked not to be contacted" mark (README.md, Contact rules): null when there is none; the lists carry it. */
const doNotContactMark = z
  .object({ since: dateTime, by: z.string(), reason: z.string() })
  .nullable()
  .optional()
  .describe('Asked not to be contacted: since when, recorded by whom, why; null when not marked (lists only)');

export const leadAnswer = z.looseObject({
  leadId: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  notes: z.string(),
  status: z.enum(LEAD_STATUSES),
  claimedBy: nullableText,
  createdAt: dateTime,
  timestamp: dateTime,
  doNotContact: doNotContactMark,
});

export const customerAnswer = z.looseObject({
  customerId: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  age: z.number().int().nullable(),
  hasKids: z.boolean(),
  kidsCount: z.number().int().nullable(),
  insuranceType: z.enum(INSURANCE_TYPES),
  planType: z.enum(PLAN_TYPES),
  leadId: nullableText,
  createdAt: dateTime,
  doNotContact: doNotContactMark,
  /** The list's customers carry their policies in brief, in force first. */
  policies: z.array(z.looseObject({ carrier: z.string(), line: z.enum(POLICY_LINES), status: z.enum(POLICY_STATUSES) })).optional(),
});

export const activityAnswer = z.looseObject({
  activityId: z.string(),
  user: z.string(),
  action: z.string(),
  details: z.looseObject({}),
  timestamp: dateTime,
});

export const statsAnswer = z.looseObject({
  totalReferrals: z.number().int(),
  claimedLeads: z.number().int(),
  statusCounts: z.looseObject({ closed: z.number().int() }),
  conversionRate: z.number(),
  agents: z.array(
    z.looseObject({ name: z.string(), leads: z.array(z.looseObject({ leadId: z.string(), status: z.enum(LEAD_STATUSES) })) }),
  ),
});

const counted = (key: string) => z.array(z.looseObject({ [key]: z.string(), count: z.number() }));
export const analyticsAnswer = z.looseObject({
  totalVisits: z.looseObject({ current: z.number(), trend: z.enum(['up', 'down', 'stable']), change: z.number() }),
  uniqueVisitors: z.looseObject({ current: z.number() }),
  topPages: counted('page'),
  locationStats: z.looseObject({ byState: counted('state'), byCountry: counted('country'), byCity: counted('city') }),
  marketingMetrics: z.looseObject({}),
});

/** Slack's interactivity request: a form post whose `payload` field holds JSON text. */
export const slackInteractiveForm = z.object({ payload: z.string() });
