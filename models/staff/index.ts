// The door to the staff accounts: who may sign in to the console, their roles, and what admins do to accounts.
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
  listAgents,
  recordLogin,
  verifyPassword,
} from './accounts.ts';
export type { StaffDoc } from './accounts.ts';
export {
  addStaffAccount,
  endSessionsWithoutFactor,
  listStaffRows,
  removeStaffAccount,
  resetStaffFactors,
  resetStaffPassword,
  setStaffRoles,
} from './admin.ts';
export type { AdminActor } from './admin.ts';
