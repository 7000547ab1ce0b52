// Office settings for admins: read and change the office-wide switches (models/office/settings.ts,
// changed through models/flows/office-settings.ts).
import { updateOfficeSettings } from '../models/flows';
import { getOfficeSettings } from '../models/office';
import { officeSettingsInput } from '../schemas/office.ts';
import { adminProcedure, router } from './trpc.ts';

export const officeRouter = router({
  settings: adminProcedure.query(() => getOfficeSettings()),
  updateSettings: adminProcedure.input(officeSettingsInput).mutation(({ input, ctx }) => updateOfficeSettings(input, ctx.actor)),
});
