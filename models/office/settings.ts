// The office's settings: one document, read by `_id`. Every change is audited with what changed.
import mongoose, { Schema } from 'mongoose';
import {
  ASSIGNMENT_MODES,
  DEFAULT_OFFICE_SETTINGS,
  MEDICAL_ACCESS,
  type OfficeSettings,
  type OfficeSettingsInput,
} from '../../schemas/office.ts';
import { recordAudit, type AuditActor } from '../audit';

const SETTINGS_ID = 'office';

const officeSettingsSchema = new Schema(
  {
    _id: { type: String, required: true },
    requireSecondFactor: { type: Boolean, default: DEFAULT_OFFICE_SETTINGS.requireSecondFactor },
    medicalAccess: { type: String, enum: MEDICAL_ACCESS, default: DEFAULT_OFFICE_SETTINGS.medicalAccess },
    assignmentMode: { type: String, enum: ASSIGNMENT_MODES, default: DEFAULT_OFFICE_SETTINGS.assignmentMode },
    escalation: {
      type: new Schema({ remindAfterMin: Number, returnAfterMin: Number, adminsAfterMin: Number }, { _id: false }),
      default: null,
    },
  },
  { versionKey: false, timestamps: { createdAt: false, updatedAt: true } },
);
const OfficeSettingsModel = mongoose.model('OfficeSettings', officeSettingsSchema, 'office_settings');

/** The settings in force; the defaults when an admin never changed any. Read on every sign-in, so one `_id` lookup. */
export async function getOfficeSettings(): Promise<OfficeSettings> {
  const doc = await OfficeSettingsModel.findById(SETTINGS_ID).lean();
  return {
    requireSecondFactor: doc?.requireSecondFactor ?? DEFAULT_OFFICE_SETTINGS.requireSecondFactor,
    medicalAccess: (doc?.medicalAccess as OfficeSettings['medicalAccess']) ?? DEFAULT_OFFICE_SETTINGS.medicalAccess,
    assignmentMode: (doc?.assignmentMode as OfficeSettings['assignmentMode']) ?? DEFAULT_OFFICE_SETTINGS.assignmentMode,
    escalation: {
      remindAfterMin: doc?.escalation?.remindAfterMin ?? null,
      returnAfterMin: doc?.escalation?.returnAfterMin ?? null,
      adminsAfterMin: doc?.escalation?.adminsAfterMin ?? null,
    },
  };
}

const shown = (v: unknown) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));

/** A copy kept for a second: every new lead reads the assignment mode (models/leads/assign.ts). */
let recent: { at: number; settings: Promise<OfficeSettings> } | null = null;
const RECENT_MS = 1000;

/** The settings, read at most once a second per server; a change made on this server is seen at once. */
export function recentOfficeSettings(): Promise<OfficeSettings> {
  if (recent && Date.now() - recent.at < RECENT_MS) return recent.settings;
  const settings = getOfficeSettings();
  recent = { at: Date.now(), settings };
  settings.catch(() => (recent = null));
  return settings;
}

/**
 * Changes the given settings in one write and audits each changed value. What follows a change beyond the
 * settings themselves (sessions ending) is the flow's, models/flows/office-settings.ts.
 */
export async function saveOfficeSettings(
  change: OfficeSettingsInput,
  actor: AuditActor,
): Promise<{ before: OfficeSettings; after: OfficeSettings }> {
  const before = await getOfficeSettings();
  await OfficeSettingsModel.updateOne({ _id: SETTINGS_ID }, { $set: change }, { upsert: true });
  recent = null;
  const after = await getOfficeSettings();
  for (const key of Object.keys(change) as (keyof OfficeSettings)[]) {
    const [was, now] = [shown(before[key]), shown(after[key])];
    if (was !== now) await recordAudit(actor, { action: 'OFFICE_SETTING_CHANGED', detail: `${key}: ${was} → ${now}` });
  }
  return { before, after };
}
