// What admins do to staff accounts from the console: list, add, remove, set roles, reset a password and
// reset a colleague's second factors. It spans the accounts (models/staff), their factors (models/auth) and
// their licences and Away switch (models/office). Every change is written to the audit log. An admin cannot
// remove or demote themselves, and the ADMIN_EMAIL account stays an admin, so the console always keeps an admin.
import { badRequest, conflict, notFound } from '../../server/errors.ts';
import { StaffModel, hashPassword, refuseNameClash, type Staff } from '../staff';
import { recordAudit, type AuditActor } from '../audit';
import { availabilityOf } from '../office';
import { factorOwners, removeAllFactors, clearCodeLock } from '../auth';
import type { StaffAddInput, StaffRolesInput } from '../../schemas/staff.ts';
import { personalPasswordProblem } from '../../schemas/auth.ts';

/** The admin acting, and the ADMIN_EMAIL account that must stay an admin. */
export interface AdminActor extends AuditActor {
  configuredAdminEmail?: string;
}

export interface StaffRow {
  id: string;
  name: string;
  email: string;
  isAgent: boolean;
  isAdmin: boolean;
  mustChangePassword: boolean;
  hasSecondFactor: boolean;
  lastLoginAt: Date | null;
  createdAt: Date | null;
  /** Licences and the Away switch (models/office/availability.ts). */
  licensedStates: string[];
  away: boolean;
  awayUntil: Date | null;
}

const isConfiguredAdmin = (email: string, actor: AdminActor) =>
  Boolean(actor.configuredAdminEmail) && email === actor.configuredAdminEmail!.toLowerCase();

/** An account as the Staff page shows it: never the password hash. */
const toRow = (s: Staff & { _id: unknown; createdAt?: Date }, withFactor: Set<string>): StaffRow => ({
  id: String(s._id),
  name: s.name,
  email: s.email,
  isAgent: Boolean(s.isAgent),
  isAdmin: Boolean(s.isAdmin),
  mustChangePassword: Boolean(s.mustChangePassword),
  hasSecondFactor: withFactor.has(String(s._id)),
  lastLoginAt: s.lastLoginAt ?? null,
  createdAt: s.createdAt ?? null,
  ...availabilityOf(s),
});

export async function listStaffRows(): Promise<StaffRow[]> {
  const [rows, withFactor] = await Promise.all([StaffModel.find().sort({ name: 1, email: 1 }).lean(), factorOwners()]);
  return rows.map((r) => toRow(r, withFactor));
}

async function findRow(staffId: string) {
  const staff = await StaffModel.findById(staffId);
  if (!staff) throw notFound('That staff account no longer exists.');
  return staff;
}

/** A new account whose first password must be changed at its first sign-in. */
export async function addStaffAccount(input: StaffAddInput, actor: AdminActor): Promise<{ id: string }> {
  const personal = personalPasswordProblem(input.password, input);
  if (personal) throw badRequest(personal);
  await refuseNameClash(input.name);
  try {
    const staff = await StaffModel.create({ ...input, passwordHash: await hashPassword(input.password), mustChangePassword: true });
    await recordAudit(actor, { action: 'STAFF_ADDED', targetEmail: staff.email, detail: roleWords(staff) });
    return { id: staff.id as string };
  } catch (err) {
    if ((err as { code?: number }).code === 11000) throw conflict(`A staff account already uses ${input.email}.`);
    throw err;
  }
}

export async function removeStaffAccount(staffId: string, actor: AdminActor): Promise<void> {
  if (staffId === actor.id) throw badRequest('You cannot remove your own account.');
  const staff = await findRow(staffId);
  if (isConfiguredAdmin(staff.email, actor)) throw badRequest('This account is set by ADMIN_EMAIL and cannot be removed here.');
  await StaffModel.deleteOne({ _id: staff._id });
  await recordAudit(actor, { action: 'STAFF_REMOVED', targetEmail: staff.email });
}

export async function setStaffRoles(input: StaffRolesInput, actor: AdminActor): Promise<StaffRow> {
  const staff = await findRow(input.staffId);
  if (input.isAdmin === false && staff.id === actor.id) throw badRequest('You cannot remove your own admin role.');
  if (input.isAdmin === false && isConfiguredAdmin(staff.email, actor)) throw badRequest('The ADMIN_EMAIL account is always an admin.');
  const $set: Record<string, boolean> = {};
  if (input.isAgent !== undefined) $set.isAgent = input.isAgent;
  if (input.isAdmin !== undefined) $set.isAdmin = input.isAdmin;
  const updated = await StaffModel.findByIdAndUpdate(staff._id, { $set }, { new: true }).lean();
  if (!updated) throw notFound('That staff account no longer exists.');
  await recordAudit(actor, { action: 'STAFF_ROLES_CHANGED', targetEmail: updated.email, detail: roleWords(updated) });
  return toRow(updated, await factorOwners());
}

/** A temporary password: every session of the account ends and it must choose a new one at sign-in. */
export async function resetStaffPassword(staffId: string, temporaryPassword: string, actor: AdminActor): Promise<void> {
  const staff = await findRow(staffId);
  const personal = personalPasswordProblem(temporaryPassword, staff);
  if (personal) throw badRequest(personal);
  await StaffModel.updateOne(
    { _id: staff._id },
    {
      $set: { passwordHash: await hashPassword(temporaryPassword), mustChangePassword: true, passwordFromEnv: false },
      $inc: { tokenVersion: 1 },
    },
  );
  await recordAudit(actor, { action: 'STAFF_PASSWORD_RESET', targetEmail: staff.email });
}

function roleWords(s: { isAgent?: boolean | null; isAdmin?: boolean | null }): string {
  return [s.isAdmin ? 'admin' : null, s.isAgent ? 'agent' : null].filter(Boolean).join(', ') || 'staff';
}

/**
 * Removes a colleague's second factors (a lost phone): every session of theirs ends, and they sign
 * in with the password alone (or enrol again when the office requires a factor).
 */
export async function resetStaffFactors(staffId: string, actor: AdminActor): Promise<void> {
  const staff = await findRow(staffId);
  await removeAllFactors(staff.id as string);
  // The reset also lifts a lock from wrong codes (models/auth/code-lock.ts).
  await clearCodeLock(staff.id as string);
  await StaffModel.updateOne({ _id: staff._id }, { $inc: { tokenVersion: 1 } });
  await recordAudit(actor, { action: 'SECOND_FACTORS_RESET', targetEmail: staff.email });
}
