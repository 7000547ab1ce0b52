// The reconciliation settings an admin sets (docs/commissions.md): the grace period after a month ends
// before a payment not received counts as missing, and the tolerance below which a short payment is not
// an exception. One document; every change is audited.
import { DEFAULT_COMMISSION_SETTINGS, type CommissionSettings } from '../../schemas/commissions.ts';
import { recordAudit, type AuditActor } from '../audit';
import { CommissionSettingsModel } from './schema.ts';

const SETTINGS_ID = 'commissions';

export async function getCommissionSettings(): Promise<CommissionSettings> {
  const doc = await CommissionSettingsModel.findById(SETTINGS_ID).lean<Partial<CommissionSettings>>();
  return {
    graceDays: doc?.graceDays ?? DEFAULT_COMMISSION_SETTINGS.graceDays,
    toleranceCents: doc?.toleranceCents ?? DEFAULT_COMMISSION_SETTINGS.toleranceCents,
  };
}

export async function updateCommissionSettings(change: Partial<CommissionSettings>, actor: AuditActor): Promise<CommissionSettings> {
  const before = await getCommissionSettings();
  const set = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length) await CommissionSettingsModel.updateOne({ _id: SETTINGS_ID }, { $set: set }, { upsert: true });
  const after = await getCommissionSettings();
  const changed = (Object.keys(set) as (keyof CommissionSettings)[]).filter((k) => before[k] !== after[k]);
  if (changed.length)
    await recordAudit(actor, {
      action: 'OFFICE_SETTING_CHANGED',
      detail: changed.map((k) => `commissions ${k}: ${before[k]} → ${after[k]}`).join('; '),
    });
  return after;
}
