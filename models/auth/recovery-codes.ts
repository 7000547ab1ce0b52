// Recovery codes: ten one-time codes of about 89 bits each, of which only a salted argon2id hash is
// kept, so a copy of the database cannot be searched for them. Codes made by older versions (SHA-256
// of a shorter code) are wrapped once in argon2id (`legacy$` + argon2id of that SHA-256) and keep
// working until used or replaced (docs/decisions/006-keys-and-encryption-at-rest.md).
import { createHash, randomInt } from 'node:crypto';
import mongoose from 'mongoose';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';

export const RECOVERY_CODE_COUNT = 10;
/** 31 characters without look-alikes (0/o, 1/l/i): 18 of them hold log2(31) x 18 = 89 bits. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUPS = 3;
const GROUP_LENGTH = 6;
const LEGACY = 'legacy$';
// The staff passwords' argon2id settings (models/staff/accounts.ts): 19 MiB, 2 iterations, 1 lane.
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Recovery codes are typed by people: case, spaces and dashes do not matter. */
export const normalRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const isOldSha256 = (stored: string) => /^[0-9a-f]{64}$/.test(stored);

/** Whether typed text has the shape of a recovery code (any length made so far), not of a 6-digit code. */
export const looksLikeRecoveryCode = (code: string) => /^[a-z0-9]{8,40}$/.test(normalRecoveryCode(code)) && !/^\d{6}$/.test(code.trim());

function newCode(): string {
  const chars = Array.from({ length: GROUPS * GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: GROUPS }, (_, i) => chars.slice(i * GROUP_LENGTH, (i + 1) * GROUP_LENGTH)).join('-');
}

/** Ten new codes (shown once) and the hashes kept of them. */
export async function recoveryCodeSet(): Promise<{ codes: string[]; hashes: string[] }> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const hashes: string[] = [];
  for (const c of codes) hashes.push(await argon2Hash(normalRecoveryCode(c), ARGON2_OPTIONS));
  return { codes, hashes };
}

async function matches(stored: string, code: string): Promise<boolean> {
  const normal = normalRecoveryCode(code);
  if (isOldSha256(stored)) return stored === sha256(normal);
  const legacy = stored.startsWith(LEGACY);
  return argon2Verify(legacy ? stored.slice(LEGACY.length) : stored, legacy ? sha256(normal) : normal).catch(() => false);
}

/** The stored hash `code` matches, to be pulled out by the write that accepts it; null when none does. */
export async function matchingRecoveryHash(stored: readonly string[], code: string): Promise<string | null> {
  if (!looksLikeRecoveryCode(code)) return null;
  for (const h of stored) if (await matches(h, code)) return h;
  return null;
}

/**
 * Wraps the SHA-256 hashes older versions kept in argon2id, compare-and-set per account so a
 * code used meanwhile is not brought back. Answers how many accounts changed.
 */
export async function hashLegacyRecoveryCodes(): Promise<number> {
  const coll = mongoose.connection.collection('staff_factors');
  let changed = 0;
  for await (const doc of coll.find({ recoveryCodes: { $exists: true } }, { projection: { recoveryCodes: 1 } })) {
    const codes = (doc.recoveryCodes ?? []) as string[];
    if (!codes.some(isOldSha256)) continue;
    const next: string[] = [];
    for (const c of codes) next.push(isOldSha256(c) ? LEGACY + (await argon2Hash(c, ARGON2_OPTIONS)) : c);
    const res = await coll.updateOne({ _id: doc._id, recoveryCodes: codes }, { $set: { recoveryCodes: next } });
    changed += res.modifiedCount;
  }
  return changed;
}

/** How many accounts still keep a fast hash (for the start-up walk's count). */
export async function countLegacyRecoveryCodes(): Promise<number> {
  let n = 0;
  for await (const doc of mongoose.connection.collection('staff_factors').find({}, { projection: { recoveryCodes: 1 } }))
    if (((doc.recoveryCodes ?? []) as string[]).some(isOldSha256)) n++;
  return n;
}
