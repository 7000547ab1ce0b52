// Staff accounts: who may sign in to the admin console, and which of them are agents who claim leads.
import mongoose, { Schema, type HydratedDocument, type InferSchemaType } from 'mongoose';
import { randomBytes } from 'node:crypto';
import { hash as argon2Hash, parseOptions, verify as argon2Verify } from '@node-rs/argon2';
import type { StaffClaims } from '../../server/tokens.ts';
import { badRequest, conflict } from '../../server/errors.ts';
import { newPassword, personalPasswordProblem, PASSWORD_REUSED, staffAccountInput, type StaffAccountInput } from '../../schemas/auth.ts';

const staffSchema = new Schema(
  {
    name: { type: String, required: true, trim: true, maxlength: 100 },
    email: { type: String, required: true, unique: true, lowercase: true, trim: true, maxlength: 254 },
    passwordHash: { type: String, required: true },
    isAgent: { type: Boolean, default: false },
    /** Admins manage staff and read the audit log; every other action is open to all staff. */
    isAdmin: { type: Boolean, default: false },
    /** Set by an admin's password reset: the console asks for a new password before anything else. */
    mustChangePassword: { type: Boolean, default: false },
    /** The password is still the one ADMIN_PASSWORD set; once changed another way, a start never overwrites it. */
    passwordFromEnv: { type: Boolean, default: false },
    /** Bumped on password change; tokens carrying an older version stop working. */
    tokenVersion: { type: Number, default: 0 },
    /**
     * The one session a factor change kept while it ended the account's others (models/auth/step-up.ts):
     * the token `jti` of version `ver` stays valid as long as the account is at version `until`.
     */
    keptSession: { type: new Schema({ jti: String, ver: Number, until: Number }, { _id: false }), default: null },
    /** Argon2id hashes of the passwords before the current one, newest first: none of them may come back. */
    previousPasswordHashes: { type: [String], default: [] },
    lastLoginAt: { type: Date },
    /** The US states (2-letter codes) the agent is licensed in: round robin gives them only leads from these. */
    licensedStates: { type: [String], default: [] },
    /** The Away switch: no lead is assigned or offered while on, until `awayUntil` when one is set. */
    away: { type: Boolean, default: false },
    awayUntil: { type: Date, default: null },
    /** Round robin's fairness (models/leads/assign.ts): fair share earned minus leads given, how many, the last when. */
    assignment: {
      credit: { type: Number, default: 0 },
      count: { type: Number, default: 0 },
      lastAt: { type: Date, default: null },
    },
  },
  { timestamps: true },
);

export type Staff = InferSchemaType<typeof staffSchema>;
export type StaffDoc = HydratedDocument<Staff>;

/** A staff member as the activity and audit logs name them: the one narrowing of an account to its actor. */
export const actorOf = (staff: StaffDoc) => ({ id: staff.id as string, name: staff.name, email: staff.email });
export const StaffModel = mongoose.model('Staff', staffSchema);

/** The account a token belongs to, or null when it was removed or its token version is stale. */
export async function findStaffForToken(claims: Pick<StaffClaims, 'sub' | 'ver'> & { jti?: string }): Promise<StaffDoc | null> {
  if (!mongoose.isValidObjectId(claims.sub)) return null;
  const staff = await StaffModel.findById(claims.sub);
  if (!staff) return null;
  if (staff.tokenVersion === claims.ver) return staff;
  const kept = staff.keptSession;
  return kept && claims.jti && kept.jti === claims.jti && kept.ver === claims.ver && kept.until === staff.tokenVersion ? staff : null;
}

/** Agents are the staff accounts flagged as such, in a stable order. */
export function listAgents() {
  return StaffModel.find({ isAgent: true }).sort({ name: 1 }).select({ name: 1, email: 1 }).lean();
}

// argon2id (the library's default algorithm) at OWASP's first recommended configuration:
// 19 MiB memory, 2 iterations, 1 lane. About 20-40 ms per hash on one core here.
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2Hash(password, ARGON2_OPTIONS);
}

let passwordChecks = 0;
/** How many password checks this process has run: the sign-in limit tests count them. */
export const passwordCheckCount = () => passwordChecks;

export function verifyPassword(hash: string, password: string): Promise<boolean> {
  passwordChecks++;
  return argon2Verify(hash, password).catch(() => false);
}

/** True when a stored hash was made with weaker or different parameters than today's. */
function needsRehash(hash: string): boolean {
  try {
    const o = parseOptions(hash);
    return (
      o.memoryCost !== ARGON2_OPTIONS.memoryCost || o.timeCost !== ARGON2_OPTIONS.timeCost || o.parallelism !== ARGON2_OPTIONS.parallelism
    );
  } catch {
    return true;
  }
}

// Unknown emails are checked against this hash of a random password, so they cost the same
// time as a wrong password and an attacker cannot tell which addresses have accounts.
const dummyHash = hashPassword(randomBytes(24).toString('base64url'));

/**
 * The account with this email and password, or null for an unknown email and a wrong password
 * alike, after the same amount of work. Records the sign-in on success.
 */
export async function authenticate(email: string, password: string): Promise<StaffDoc | null> {
  const staff = await StaffModel.findOne({ email: email.trim().toLowerCase() });
  const ok = await verifyPassword(staff?.passwordHash ?? (await dummyHash), password);
  if (!staff || !ok) return null;
  if (needsRehash(staff.passwordHash)) staff.passwordHash = await hashPassword(password);
  await recordLogin(staff);
  return staff;
}

/** The account of an email proven another way (Google sign-in). */
export async function findStaffByEmail(email: string): Promise<StaffDoc | null> {
  return StaffModel.findOne({ email: email.trim().toLowerCase() });
}

export async function recordLogin(staff: StaffDoc): Promise<void> {
  staff.lastLoginAt = new Date();
  await staff.save();
}

export const SAME_PASSWORD = 'The new password must differ from the current one';
/** Earlier passwords kept (hashed) besides the current one: with it, the last 5 may not come back. */
const PASSWORD_HISTORY = 4;

/** 400 when the password holds the account's name or email name, or is one of its last passwords. */
export async function refuseWeakChoice(staff: { email: string; name: string; previousPasswordHashes?: string[] | null }, password: string) {
  const personal = personalPasswordProblem(password, staff);
  if (personal) throw badRequest(personal);
  for (const old of (staff.previousPasswordHashes ?? []).slice(0, PASSWORD_HISTORY))
    if (await verifyPassword(old, password)) throw badRequest(PASSWORD_REUSED);
}

/** The history after replacing `currentHash`: it first, then the older ones, capped. */
const historyAfter = (staff: { passwordHash: string; previousPasswordHashes?: string[] | null }) =>
  [staff.passwordHash, ...(staff.previousPasswordHashes ?? [])].slice(0, PASSWORD_HISTORY);

/**
 * Replaces the password after checking the current one (and that the new one differs). Bumps the token version, so every token
 * issued before, on every device, stops working; returns the account with its new version.
 */
export async function changePassword(staff: StaffDoc, currentPassword: string, newPassword: string): Promise<StaffDoc> {
  if (!(await verifyPassword(staff.passwordHash, currentPassword))) throw badRequest('Current password is incorrect');
  if (newPassword === currentPassword) throw badRequest(SAME_PASSWORD);
  await refuseWeakChoice(staff, newPassword);
  const updated = await StaffModel.findOneAndUpdate(
    // Matching the version read means two concurrent changes cannot both succeed silently.
    { _id: staff._id, tokenVersion: staff.tokenVersion },
    {
      $set: {
        passwordHash: await hashPassword(newPassword),
        previousPasswordHashes: historyAfter(staff),
        mustChangePassword: false,
        passwordFromEnv: false,
      },
      $inc: { tokenVersion: 1 },
    },
    { new: true },
  );
  if (!updated) throw badRequest('Your password was changed elsewhere. Please sign in again.');
  return updated;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Claims, tabs, counters and My work know an agent by name, so one name (whatever its case) belongs
 * to one account: refuses `name` when another account (not `exceptEmail`) carries it.
 */
export async function refuseNameClash(name: string, exceptEmail?: string): Promise<void> {
  const other = await StaffModel.findOne({ name: { $regex: `^${escapeRegex(name.trim())}$`, $options: 'i' } })
    .select({ name: 1, email: 1 })
    .lean();
  if (other && other.email !== exceptEmail?.toLowerCase())
    throw conflict(
      `The name ${name.trim()} is taken: ${other.name} <${other.email}> already has it. Each staff member needs a name of their own.`,
    );
}

/** Names carried by more than one account (case-insensitive), for the start-up check's warning. */
export async function duplicateStaffNames(): Promise<{ name: string; emails: string[] }[]> {
  const byName = new Map<string, { name: string; emails: string[] }>();
  for (const s of await StaffModel.find().select({ name: 1, email: 1 }).lean()) {
    const key = s.name.trim().toLowerCase();
    const group = byName.get(key) ?? { name: s.name, emails: [] };
    group.emails.push(s.email);
    byName.set(key, group);
  }
  return [...byName.values()].filter((g) => g.emails.length > 1);
}

/**
 * Creates the account, or updates its name, password and (when given) agent flag. The password
 * is only rehashed, and older tokens only ended, when it actually changes. This is the operator's
 * command (scripts/staff.ts), which warns about a password holding the name instead of refusing it;
 * the console's own password choices are refused (refuseWeakChoice).
 */
export async function upsertStaff(fields: StaffAccountInput): Promise<{ staff: StaffDoc; created: boolean; passwordChanged: boolean }> {
  const input = staffAccountInput.parse(fields);
  const existing = await StaffModel.findOne({ email: input.email });
  await refuseNameClash(input.name, existing ? existing.email : undefined);
  if (!existing) {
    const staff = await StaffModel.create({
      name: input.name,
      email: input.email,
      passwordHash: await hashPassword(input.password),
      isAgent: input.isAgent ?? false,
      isAdmin: input.isAdmin ?? false,
    });
    return { staff, created: true, passwordChanged: true };
  }
  existing.name = input.name;
  if (input.isAgent !== undefined) existing.isAgent = input.isAgent;
  if (input.isAdmin !== undefined) existing.isAdmin = input.isAdmin;
  const passwordChanged = !(await verifyPassword(existing.passwordHash, input.password));
  if (passwordChanged) {
    existing.previousPasswordHashes = historyAfter(existing);
    existing.passwordHash = await hashPassword(input.password);
    existing.tokenVersion += 1;
    existing.passwordFromEnv = false;
    existing.mustChangePassword = false;
  }
  await existing.save();
  return { staff: existing, created: false, passwordChanged };
}

/** Deletes the account; its tokens stop working at once because the account is gone. */
export async function removeStaff(email: string): Promise<boolean> {
  const res = await StaffModel.deleteOne({ email: email.trim().toLowerCase() });
  return res.deletedCount > 0;
}

/** Every account without its password hash, for the `staff list` command. */
export function listStaff() {
  return StaffModel.find()
    .sort({ email: 1 })
    .select({ name: 1, email: 1, isAgent: 1, isAdmin: 1, mustChangePassword: 1, createdAt: 1, lastLoginAt: 1 })
    .lean();
}

export const countStaff = () => StaffModel.countDocuments();

/**
 * The ADMIN_EMAIL / ADMIN_PASSWORD / ADMIN_NAME account of the server's start, always an admin.
 * Created when missing. ADMIN_PASSWORD is applied again only while the password is still the one it
 * set: once someone changes it (console, reset, staff command), a restart never undoes that.
 * Without ADMIN_NAME an existing account keeps its name.
 */
export async function ensureAdminAccount(admin: { email: string; password: string; name?: string }) {
  const email = admin.email.trim().toLowerCase();
  const existing = await StaffModel.findOne({ email });
  if (!existing) {
    // ADMIN_PASSWORD is checked at start (server/config.ts) by the general rule, so a start never fails here.
    const input = staffAccountInput
      .extend({ password: newPassword })
      .parse({ email, password: admin.password, name: admin.name ?? 'Administrator' });
    const staff = await StaffModel.create({
      ...input,
      passwordHash: await hashPassword(input.password),
      isAdmin: true,
      passwordFromEnv: true,
    });
    return { staff, created: true, passwordChanged: true, passwordKept: false };
  }
  if (admin.name) existing.name = admin.name;
  existing.isAdmin = true;
  let passwordChanged = false;
  if (existing.passwordFromEnv && !(await verifyPassword(existing.passwordHash, admin.password))) {
    existing.passwordHash = await hashPassword(admin.password);
    existing.tokenVersion += 1;
    passwordChanged = true;
  }
  await existing.save();
  return { staff: existing, created: false, passwordChanged, passwordKept: !existing.passwordFromEnv };
}
