// Staff second factors: an authenticator app (TOTP, RFC 6238, through otplib) and ten one-time
// recovery codes (models/auth/recovery-codes.ts), kept in one document per account beside (not inside)
// the staff record. The app's secret is sealed with the data key (server/field-crypto.ts), so a copy
// of the data cannot make codes. A code is accepted within one 30-second step either side, and
// never twice: the last step used is stored and moved forward with a conditional write, and a
// recovery code's hash is pulled out of the list by the write that accepts it, so two parallel uses
// of one code cannot both pass.
import mongoose, { Schema } from 'mongoose';
import { generateSecret, generateURI, verify } from 'otplib';
import { badRequest } from '../../server/errors.ts';
import { openText, sealText } from '../../server/field-crypto.ts';
import { matchingRecoveryHash, recoveryCodeSet } from './recovery-codes.ts';
import { StaffModel } from '../staff';

export { RECOVERY_CODE_COUNT, recoveryCodeSet } from './recovery-codes.ts';
/** The issuer authenticator apps show above the account. */
const TOTP_ISSUER = 'Insurance Broker Console';
const TOTP_PERIOD_SECONDS = 30;
/** A setup not confirmed within this time must be started again. */
const SETUP_LIFETIME_MS = 15 * 60 * 1000;

const factorSchema = new Schema(
  {
    _id: { type: String, required: true },
    totp: {
      type: new Schema({ secret: String, lastStep: Number, addedAt: Date, lastUsedAt: Date }, { _id: false }),
      required: false,
    },
    pendingTotp: {
      /** `provenAt`: the setup was given the password or a code then (models/auth/step-up.ts). */
      type: new Schema({ secret: String, createdAt: Date, provenAt: Date }, { _id: false }),
      required: false,
    },
    /** A salted argon2id hash of each unused recovery code (models/auth/recovery-codes.ts). */
    recoveryCodes: { type: [String], default: [] },
    recoveryLastUsedAt: { type: Date },
    /** WebAuthn credentials (models/auth/passkeys.ts); the public key is base64url. */
    passkeys: {
      type: [
        new Schema(
          {
            credentialId: String,
            publicKey: String,
            counter: Number,
            transports: [String],
            name: String,
            createdAt: Date,
            lastUsedAt: Date,
          },
          { _id: false },
        ),
      ],
      default: [],
    },
  },
  { versionKey: false },
);
export const FactorModel = mongoose.model('StaffFactors', factorSchema, 'staff_factors');

export type FactorMethod = 'totp' | 'passkey' | 'recovery';

export interface FactorSummary {
  kind: 'totp' | 'passkey' | 'recovery';
  /** A passkey's credential id and name. */
  id?: string;
  name?: string;
  addedAt: Date | null;
  lastUsedAt: Date | null;
  /** Recovery codes not used yet. */
  remaining?: number;
}

/** The ways this account can pass the second step; empty when it has no second factor. */
export async function factorMethods(staffId: string): Promise<FactorMethod[]> {
  const doc = await FactorModel.findById(staffId).lean();
  const methods: FactorMethod[] = [];
  if (doc?.totp?.secret) methods.push('totp');
  if (doc?.passkeys?.length) methods.push('passkey');
  if (methods.length > 0 && doc!.recoveryCodes.length > 0) methods.push('recovery');
  return methods;
}

/** Whether a factor document holds a factor (an authenticator app or a passkey). */
const holdsFactor = (doc: { totp?: { secret?: string | null } | null; passkeys?: unknown[] } | null | undefined) =>
  Boolean(doc?.totp?.secret) || (doc?.passkeys?.length ?? 0) > 0;

export async function hasSecondFactor(staffId: string): Promise<boolean> {
  return (await factorMethods(staffId)).length > 0;
}

/** A fresh secret for an authenticator app, kept pending until a code from the app confirms it. */
export async function startTotpSetup(staff: { id: string; email: string }): Promise<{ secret: string; otpauthUrl: string }> {
  const secret = generateSecret();
  await FactorModel.updateOne(
    { _id: staff.id },
    { $set: { pendingTotp: { secret: sealText(secret), createdAt: new Date() } } },
    { upsert: true },
  );
  const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label: staff.email, secret, period: TOTP_PERIOD_SECONDS, digits: 6 });
  return { secret, otpauthUrl };
}

/** The step a code matches within one step of now, after `afterStep`; null when none does. */
async function matchStep(secret: string, code: string, afterStep?: number): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(afterStep !== undefined ? { afterTimeStep: afterStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Turns the pending authenticator app on when the code matches, and hands out ten new recovery
 * codes (shown once; only their hashes are kept).
 */
export async function confirmTotp(staffId: string, code: string): Promise<string[]> {
  const doc = await FactorModel.findById(staffId).lean();
  const pending = doc?.pendingTotp;
  if (!pending?.secret || !pending.createdAt || Date.now() - pending.createdAt.getTime() > SETUP_LIFETIME_MS)
    throw badRequest('Start the authenticator app setup again: it was not started or has expired.');
  const step = await matchStep(openText(pending.secret), code.trim());
  if (step === null) throw badRequest('That code does not match. Check the time on your phone and try the newest code.');
  const { codes, hashes } = await recoveryCodeSet();
  const now = new Date();
  // Only the pending secret that was checked is turned on (a second setup meanwhile must be confirmed itself).
  const res = await FactorModel.updateOne(
    { _id: staffId, 'pendingTotp.secret': pending.secret },
    {
      $set: { totp: { secret: sealText(pending.secret), lastStep: step, addedAt: now }, recoveryCodes: hashes },
      $unset: { pendingTotp: 1 },
    },
  );
  if (res.modifiedCount !== 1) throw badRequest('Start the authenticator app setup again: it was not started or has expired.');
  return codes;
}

/**
 * Checks a second-step code: six digits against the authenticator app, anything else as a recovery
 * code. Returns which one it was, or null for a wrong, expired or already used code.
 */
export async function verifySecondFactorCode(staffId: string, rawCode: string): Promise<FactorMethod | null> {
  const doc = await FactorModel.findById(staffId).lean();
  if (!doc?.totp?.secret && !doc?.passkeys?.length) return null;
  const code = rawCode.trim().replace(/\s/g, '');
  if (/^\d{6}$/.test(code)) {
    if (!doc.totp?.secret) return null;
    const step = await matchStep(openText(doc.totp.secret), code, doc.totp.lastStep ?? undefined);
    if (step === null) return null;
    // Moves the last used step forward only if no parallel use of this code already did.
    const res = await FactorModel.updateOne(
      { _id: staffId, 'totp.secret': doc.totp.secret, 'totp.lastStep': { $lt: step } },
      { $set: { 'totp.lastStep': step, 'totp.lastUsedAt': new Date() } },
    );
    return res.modifiedCount === 1 ? 'totp' : null;
  }
  const hash = await matchingRecoveryHash(doc.recoveryCodes ?? [], code);
  if (!hash) return null;
  const res = await FactorModel.updateOne(
    { _id: staffId, recoveryCodes: hash },
    { $pull: { recoveryCodes: hash }, $set: { recoveryLastUsedAt: new Date() } },
  );
  return res.modifiedCount === 1 ? 'recovery' : null;
}

/** One's factors with their last use, for the Sign-in security page. */
export async function listFactors(staffId: string): Promise<FactorSummary[]> {
  const doc = await FactorModel.findById(staffId).lean();
  const passkeys = doc?.passkeys ?? [];
  if (!doc || (!doc.totp?.secret && passkeys.length === 0)) return [];
  const firstAdded = [doc.totp?.addedAt, ...passkeys.map((p) => p.createdAt)]
    .filter((d): d is Date => Boolean(d))
    .sort((a, b) => +a - +b)[0];
  return [
    ...(doc.totp?.secret ? [{ kind: 'totp' as const, addedAt: doc.totp.addedAt ?? null, lastUsedAt: doc.totp.lastUsedAt ?? null }] : []),
    ...passkeys.map((p) => ({
      kind: 'passkey' as const,
      id: p.credentialId ?? '',
      name: p.name ?? 'Passkey',
      addedAt: p.createdAt ?? null,
      lastUsedAt: p.lastUsedAt ?? null,
    })),
    {
      kind: 'recovery',
      addedAt: firstAdded ?? null,
      lastUsedAt: doc.recoveryLastUsedAt ?? null,
      remaining: doc.recoveryCodes.length,
    },
  ];
}

/** Ten new recovery codes; the old ones stop working. Only for an account with a factor. */
export async function regenerateRecoveryCodes(staffId: string): Promise<string[]> {
  if (!holdsFactor(await FactorModel.findById(staffId).lean()))
    throw badRequest('Add an authenticator app or a passkey first: recovery codes back up a second factor.');
  const { codes, hashes } = await recoveryCodeSet();
  const res = await FactorModel.updateOne({ _id: staffId }, { $set: { recoveryCodes: hashes } });
  if (res.matchedCount === 0) throw badRequest('Add an authenticator app or a passkey first: recovery codes back up a second factor.');
  return codes;
}

/** The ids of the accounts with a second factor (the Staff page marks them). */
export async function factorOwners(): Promise<Set<string>> {
  const docs = await FactorModel.find({}, { _id: 1, 'totp.secret': 1, passkeys: 1 }).lean();
  return new Set(docs.filter(holdsFactor).map((d) => String(d._id)));
}

/** Removes every second factor of the account (its own removal, or an admin's reset). */
export async function removeAllFactors(staffId: string): Promise<boolean> {
  const res = await FactorModel.deleteOne({ _id: staffId });
  return res.deletedCount > 0;
}

/**
 * The office now requires a second factor: every session of an account without one ends, so its
 * holder signs in again and is led to enrolment (sessions follow the factor).
 */
export async function endSessionsWithoutFactor(): Promise<number> {
  const owners = [...(await factorOwners())];
  const res = await StaffModel.updateMany({ _id: { $nin: owners } }, { $inc: { tokenVersion: 1 } });
  return res.modifiedCount;
}
