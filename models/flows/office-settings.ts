// Changing the office's settings (models/office/settings.ts) and what follows: when the office comes to
// require a second factor, every session of an account without one ends (models/auth/second-factor.ts).
import type { OfficeSettings, OfficeSettingsInput } from '../../schemas/office.ts';
import type { AuditActor } from '../audit';
import { endSessionsWithoutFactor } from '../auth';
import { saveOfficeSettings } from '../office';

/** Changes the given settings, audited, and ends the sessions without a factor when one becomes required. */
export async function updateOfficeSettings(change: OfficeSettingsInput, actor: AuditActor): Promise<OfficeSettings> {
  const { before, after } = await saveOfficeSettings(change, actor);
  if (after.requireSecondFactor && !before.requireSecondFactor) await endSessionsWithoutFactor();
  return after;
}
