// Staff accounts: who may sign in to the admin console, and which of them are agents who claim leads.
import mongoose, { Schema, type HydratedDocument, type InferSchemaType } from 'mongoose';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import type { StaffClaims } from '../server/tokens.ts';

const staffSchema = new Schema(
  {
    name: { type: String, required: true, trim: true, maxlength: 100 },
    email: { type: String, required: true, unique: true, lowercase: true, trim: true, maxlength: 254 },
    passwordHash: { type: String, required: true },
    isAgent: { type: Boolean, default: false },
    /** Bumped on password change; tokens carrying an older version stop working. */
    tokenVersion: { type: Number, default: 0 },
    lastLoginAt: { type: Date },
  },
  { timestamps: true },
);

export type Staff = InferSchemaType<typeof staffSchema>;
export type StaffDoc = HydratedDocument<Staff>;
export const StaffModel = mongoose.model('Staff', staffSchema);

/** The account a token belongs to, or null when it was removed or its token version is stale. */
export async function findStaffForToken(claims: StaffClaims): Promise<StaffDoc | null> {
  if (!mongoose.isValidObjectId(claims.sub)) return null;
  const staff = await StaffModel.findById(claims.sub);
  return staff && staff.tokenVersion === claims.ver ? staff : null;
}

/** Agents are the staff accounts flagged as such, in a stable order. */
export function listAgents() {
  return StaffModel.find({ isAgent: true }).sort({ name: 1 }).select({ name: 1, email: 1 }).lean();
}

// argon2id at OWASP's first recommended configuration: 19 MiB memory, 2 iterations, 1 lane.
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2Hash(password, ARGON2_OPTIONS);
}

export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return argon2Verify(hash, password).catch(() => false);
}
