// Passkeys (WebAuthn, through SimpleWebAuthn) as a staff second factor: adding one to one's account
// (the options, then the authenticator's response checked against the challenge kept for it), the
// options and check of the sign-in's second step, and removing one. Adding the account's first
// factor hands out recovery codes, as the authenticator app does.
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransportFuture,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { badRequest } from '../../server/errors.ts';
import type { RelyingParty } from '../../server/relying-party.ts';
import { FactorModel, factorMethods, recoveryCodeSet } from './second-factor.ts';
import { keepChallenge, takeChallenge } from './passkey-challenge.ts';

/** The name browsers and password managers show beside the passkey. */
const RP_NAME = 'Insurance Broker Console';
const TIMEOUT_MS = 120_000;

interface StoredPasskey {
  credentialId?: string | null;
  publicKey?: string | null;
  counter?: number | null;
  transports?: string[] | null;
  name?: string | null;
  createdAt?: Date | null;
  lastUsedAt?: Date | null;
}

/**
 * SimpleWebAuthn, loaded on the first passkey step: with its certificate libraries it is about 250 of
 * the 960 modules a start would otherwise load, for a step few requests take.
 */
const webauthn = () => import('@simplewebauthn/server');

const registerKey = (staffId: string) => `register:${staffId}`;
const signInKey = (attemptId: string) => `signin:${attemptId}`;
const transportsOf = (p: StoredPasskey) => (p.transports ?? []) as AuthenticatorTransportFuture[];

async function passkeysOf(staffId: string): Promise<StoredPasskey[]> {
  const doc = await FactorModel.findById(staffId, { passkeys: 1 }).lean();
  return doc?.passkeys ?? [];
}

/** What the browser's `startRegistration` needs; the challenge is kept for this account. */
export async function passkeyRegistrationOptions(
  staff: { id: string; email: string; name: string },
  rp: RelyingParty,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await passkeysOf(staff.id);
  const options = await (
    await webauthn()
  ).generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: staff.email,
    userDisplayName: staff.name,
    userID: new TextEncoder().encode(staff.id),
    attestationType: 'none',
    timeout: TIMEOUT_MS,
    excludeCredentials: existing.map((p) => ({ id: p.credentialId ?? '', transports: transportsOf(p) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await keepChallenge(registerKey(staff.id), { challenge: options.challenge, rpID: rp.rpID, origin: rp.origin });
  return options;
}

/**
 * Checks the authenticator's response and stores the passkey. Answers ten recovery codes when it
 * is the account's first factor, null otherwise.
 */
export async function addPasskey(
  staffId: string,
  response: RegistrationResponseJSON,
  name: string,
  rp: RelyingParty,
): Promise<string[] | null> {
  const issued = await takeChallenge(registerKey(staffId));
  if (!issued || issued.rpID !== rp.rpID) throw badRequest('Start adding the passkey again: it was not started or has expired.');
  let credential;
  try {
    const result = await (
      await webauthn()
    ).verifyRegistrationResponse({
      response,
      expectedChallenge: issued.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    });
    if (!result.verified) throw new Error('not verified');
    credential = result.registrationInfo.credential;
  } catch {
    throw badRequest('The passkey could not be checked. Please try again.');
  }
  const hadFactor = (await factorMethods(staffId)).length > 0;
  if ((await passkeysOf(staffId)).some((p) => p.credentialId === credential.id)) throw badRequest('This passkey is already added.');
  const now = new Date();
  const recovery = hadFactor ? null : await recoveryCodeSet();
  await FactorModel.updateOne(
    { _id: staffId },
    {
      $push: {
        passkeys: {
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ?? response.response.transports ?? [],
          name: name.trim() || 'Passkey',
          createdAt: now,
        },
      },
      ...(recovery ? { $set: { recoveryCodes: recovery.hashes } } : {}),
    },
    { upsert: true },
  );
  return recovery?.codes ?? null;
}

/** The options of a sign-in's passkey step; the challenge is kept for that attempt only. */
export async function passkeySignInOptions(
  staffId: string,
  attemptId: string,
  rp: RelyingParty,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const passkeys = await passkeysOf(staffId);
  if (passkeys.length === 0) throw badRequest('This account has no passkey.');
  const options = await (
    await webauthn()
  ).generateAuthenticationOptions({
    rpID: rp.rpID,
    timeout: TIMEOUT_MS,
    userVerification: 'preferred',
    allowCredentials: passkeys.map((p) => ({ id: p.credentialId ?? '', transports: transportsOf(p) })),
  });
  await keepChallenge(signInKey(attemptId), { challenge: options.challenge, rpID: rp.rpID, origin: rp.origin });
  return options;
}

/**
 * Checks a sign-in's passkey response against the challenge kept for the attempt (taken out, so
 * it is checked once). True when it is right; the passkey's counter and last use move on.
 */
export async function verifyPasskeySignIn(
  staffId: string,
  attemptId: string,
  response: AuthenticationResponseJSON,
  rp: RelyingParty,
): Promise<boolean> {
  const issued = await takeChallenge(signInKey(attemptId));
  if (!issued || issued.rpID !== rp.rpID) return false;
  const passkeys = await passkeysOf(staffId);
  const passkey = passkeys.find((p) => p.credentialId === response.id);
  if (!passkey?.publicKey) return false;
  let newCounter: number;
  try {
    const result = await (
      await webauthn()
    ).verifyAuthenticationResponse({
      response,
      expectedChallenge: issued.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
      credential: {
        id: passkey.credentialId!,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter ?? 0,
        transports: transportsOf(passkey),
      },
    });
    if (!result.verified) return false;
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    return false;
  }
  const updated = passkeys.map((p) => (p === passkey ? { ...p, counter: newCounter, lastUsedAt: new Date() } : p));
  await FactorModel.updateOne({ _id: staffId }, { $set: { passkeys: updated } });
  return true;
}

/**
 * Removes one passkey; when it was the account's last factor, its recovery codes go too. Answers
 * the passkey's name, or null when the account has no such passkey.
 */
export async function removePasskey(staffId: string, credentialId: string): Promise<string | null> {
  const doc = await FactorModel.findById(staffId).lean();
  const passkey = doc?.passkeys?.find((p) => p.credentialId === credentialId);
  if (!doc || !passkey) return null;
  const rest = doc.passkeys.filter((p) => p !== passkey);
  if (rest.length === 0 && !doc.totp?.secret) await FactorModel.deleteOne({ _id: staffId });
  else await FactorModel.updateOne({ _id: staffId }, { $set: { passkeys: rest } });
  return passkey.name ?? 'Passkey';
}
