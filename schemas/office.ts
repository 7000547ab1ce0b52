// Office settings: the few switches an admin sets for the whole office (Office settings page).
import { z } from 'zod';

/** Who reads a customer's medical details: everyone (SPEC's behaviour), or the customer's own agent and admins. */
export const MEDICAL_ACCESS = ['all-staff', 'own-agent-and-admins'] as const;
export type MedicalAccess = (typeof MEDICAL_ACCESS)[number];

export const officeSettings = z.object({
  /** When on, a staff member without a second factor must enrol at sign-in before reaching anything else. */
  requireSecondFactor: z.boolean(),
  medicalAccess: z.enum(MEDICAL_ACCESS),
});
export type OfficeSettings = z.infer<typeof officeSettings>;

export const DEFAULT_OFFICE_SETTINGS: OfficeSettings = { requireSecondFactor: false, medicalAccess: 'all-staff' };

/** An admin changes one or more settings; what is left out stays as it is. */
export const officeSettingsInput = officeSettings.partial().refine((v) => Object.keys(v).length > 0, 'Say which setting to change');
export type OfficeSettingsInput = z.infer<typeof officeSettingsInput>;
