// The audit log for admins: medical reads, exports and staff changes, newest first.
import { listAudit } from '../models/audit';
import { auditListInput } from '../schemas/staff.ts';
import { adminProcedure, router } from './trpc.ts';

export const auditRouter = router({
  list: adminProcedure.input(auditListInput).query(({ input }) => listAudit({ before: input.cursor ?? undefined })),
});
