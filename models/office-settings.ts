// The office's settings: one document, read by `_id`. Every change is audited with what changed.
import mongoose, { Schema } from 'mongoose';
import { DEFAULT_OFFICE_SETTINGS, MEDICAL_ACCESS, type OfficeSettings, type OfficeSettingsInput } from '../schemas/office.ts';
import { recordAudit, type AuditActor } from './audit.ts';

const SETTINGS_ID = 'office';

const officeSettingsSchema = new Schema(
  {
    _id: { type: String, required: true },
    requireSecondFactor: { type: Boolean, default: DEFAULT_OFFICE_SETTINGS.requireSecondFactor },
    medicalAccess: { type: String, enum: MEDICAL_ACCESS, default: DEFAULT_OFFICE_SETTINGS.medicalAccess },
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
  };
}

/** Changes the given settings in one write and audits each changed value. */
export async function updateOfficeSettings(change: OfficeSettingsInput, actor: AuditActor): Promise<OfficeSettings> {
  const before = await getOfficeSettings();
  await OfficeSettingsModel.updateOne({ _id: SETTINGS_ID }, { $set: change }, { upsert: true });
  const after = await getOfficeSettings();
  for (const key of Object.keys(change) as (keyof OfficeSettings)[]) {
    if (before[key] !== after[key])
      await recordAudit(actor, { action: 'OFFICE_SETTING_CHANGED', detail: `${key}: ${String(before[key])} → ${String(after[key])}` });
  }
  return after;
}
