// Staff management and audit-log schemas: the admin console's Staff and Audit pages and their procedures.
import { z } from 'zod';
import { emailAddress, personName } from './lead.ts';
import { staffPassword } from './auth.ts';

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
