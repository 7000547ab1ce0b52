// Office settings: the few switches an admin sets for the whole office (Office settings page).
import { z } from 'zod';

/** Who reads a customer's medical details: everyone (the default), or the customer's own agent and admins. */
export const MEDICAL_ACCESS = ['all-staff', 'own-agent-and-admins'] as const;
export type MedicalAccess = (typeof MEDICAL_ACCESS)[number];

/** How a new lead finds its agent (docs/product.md §11): manual is the default (agents claim from the pool). */
export const ASSIGNMENT_MODES = ['manual', 'round-robin', 'offer'] as const;
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number];

/** Minutes, up to a week; fractions allowed (a test sets seconds). Null: the step is off. */
const ladderMinutes = z
  .number()
  .min(0.05)
  .max(7 * 24 * 60)
  .nullable();

/**
 * The escalation ladder for a lead nobody has called: minutes after it arrived (or was claimed, for
 * its holder's steps) when its holder is reminded, when it goes back to the pool (or to the next agent
 * in round robin), and when the admins are told. Each step is off while null.
 */
export const escalationLadder = z.object({
  remindAfterMin: ladderMinutes,
  returnAfterMin: ladderMinutes,
  adminsAfterMin: ladderMinutes,
});
export type EscalationLadder = z.infer<typeof escalationLadder>;

export const officeSettings = z.object({
  /** When on, a staff member without a second factor must enrol at sign-in before reaching anything else. */
  requireSecondFactor: z.boolean(),
  medicalAccess: z.enum(MEDICAL_ACCESS),
  assignmentMode: z.enum(ASSIGNMENT_MODES),
  escalation: escalationLadder,
});
export type OfficeSettings = z.infer<typeof officeSettings>;

export const DEFAULT_OFFICE_SETTINGS: OfficeSettings = {
  requireSecondFactor: false,
  medicalAccess: 'all-staff',
  assignmentMode: 'manual',
  escalation: { remindAfterMin: null, returnAfterMin: null, adminsAfterMin: null },
};

/** An admin changes one or more settings; what is left out stays as it is. */
export const officeSettingsInput = officeSettings.partial().refine((v) => Object.keys(v).length > 0, 'Say which setting to change');
export type OfficeSettingsInput = z.infer<typeof officeSettingsInput>;
