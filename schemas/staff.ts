// Staff management and audit-log schemas: the admin console's Staff and Audit pages and their procedures.
import { z } from 'zod';
import { emailAddress, personName } from './lead.ts';
import { staffPassword } from './auth.ts';
import { US_STATES } from './analytics.ts';

const staffId = z.string().regex(/^[0-9a-f]{24}$/i, 'Unknown staff account');

/** An account added by an admin: the password is a first one, to be changed at first sign-in. */
export const staffAddInput = z.object({
  name: personName,
  email: emailAddress,
  password: staffPassword,
  isAgent: z.boolean().default(false),
  isAdmin: z.boolean().default(false),
});
export type StaffAddInput = z.infer<typeof staffAddInput>;

export const staffIdInput = z.object({ staffId });

export const staffRolesInput = z
  .object({ staffId, isAgent: z.boolean().optional(), isAdmin: z.boolean().optional() })
  .refine((v) => v.isAgent !== undefined || v.isAdmin !== undefined, 'Say which role to change');
export type StaffRolesInput = z.infer<typeof staffRolesInput>;

export const staffResetInput = z.object({ staffId, temporaryPassword: staffPassword });

/** `cursor` is the time of the oldest entry shown: the next page starts before it. */
export const auditListInput = z.object({ cursor: z.coerce.date().nullish() }).default({});

/** A US state or DC as its 2-letter code. */
export const usState = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => Object.hasOwn(US_STATES, code), 'Not a US state code');

/** The Away switch with its optional end: settable by the agent for themselves. */
export const awayInput = z.object({ away: z.boolean(), awayUntil: z.coerce.date().nullish() }).strict();
export type AwayInput = z.infer<typeof awayInput>;

/** An admin sets an agent's licences and/or Away switch (Staff page). */
export const staffAvailabilityInput = z
  .object({
    staffId,
    licensedStates: z.array(usState).max(60).optional(),
    away: z.boolean().optional(),
    awayUntil: z.coerce.date().nullish(),
  })
  .strict()
  .refine((v) => v.licensedStates !== undefined || v.away !== undefined || v.awayUntil !== undefined, 'Say what to change');
export type StaffAvailabilityInput = z.infer<typeof staffAvailabilityInput>;

/** An agent's licences and availability as the console shows them. */
export interface Availability {
  licensedStates: string[];
  away: boolean;
  awayUntil: Date | null;
}
