// The door to the staff accounts: who may sign in to the console and their roles. What admins do to accounts
// spans the factors and the office as well, so it is a flow (models/flows/staff-admin.ts).
export {
  StaffModel,
  actorOf,
  authenticate,
  changePassword,
  countStaff,
  duplicateStaffNames,
  ensureAdminAccount,
  findStaffByEmail,
  findStaffForToken,
  hashPassword,
  listAgents,
  recordLogin,
  refuseNameClash,
  verifyPassword,
} from './accounts.ts';
export type { Staff, StaffDoc } from './accounts.ts';
