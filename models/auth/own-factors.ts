// A staff member's own changes to their second factors: setting up and confirming an authenticator
// app (which also lifts an enrolment-only session to a full one), adding and removing passkeys, new
// recovery codes and removing every factor. Each needs a fresh proof (models/auth/step-up.ts), ends the
// account's other sessions, is audited and is emailed to the owner.
import { badRequest } from '../../server/errors.ts';
import type { StaffClaims } from '../../server/tokens.ts';
import type { RemoveFactorsInput, StepUpProof } from '../../schemas/second-factor.ts';
import { actorOf, type StaffDoc } from '../staff';
import { confirmTotp, FactorModel, hasSecondFactor, regenerateRecoveryCodes, removeAllFactors, startTotpSetup } from './second-factor.ts';
import { recordAudit } from '../audit';
import { sessionFor } from './sign-in.ts';
import { addPasskey, passkeyRegistrationOptions, removePasskey } from './passkeys.ts';
import { afterFactorChange, requireStepUp } from './step-up.ts';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { RelyingParty } from '../../server/relying-party.ts';

/** The signed-in staff member making the change, with their session and address. */
export interface Owner {
  staff: StaffDoc;
  claims: StaffClaims;
  ip: string;
}

const proofOf = (p: StepUpProof | undefined): StepUpProof => ({ currentPassword: p?.currentPassword, currentCode: p?.currentCode });

/** A full session for the account as the change left it, keeping the sign-in time of the session it replaces. */
const fullToken = (staff: StaffDoc, owner: Owner, secret: string) => sessionFor(staff, secret, undefined, owner.claims.authTime).token;

/** Starts an authenticator-app setup; the proof it was given covers the confirmation for 5 minutes. */
export async function startOwnTotpSetup(owner: Owner, proof: StepUpProof | undefined) {
  await requireStepUp(owner, proofOf(proof));
  const answer = await startTotpSetup({ id: owner.staff.id, email: owner.staff.email });
  if (proof?.currentPassword || proof?.currentCode)
    await FactorModel.updateOne({ _id: owner.staff.id }, { $set: { 'pendingTotp.provenAt': new Date() } });
  return answer;
}

/** Turns the authenticator app on; answers the recovery codes and a full session token. */
export async function confirmOwnTotp(owner: Owner, input: { code: string } & StepUpProof, secret: string) {
  const pending = await FactorModel.findById(owner.staff.id, { pendingTotp: 1 }).lean();
  await requireStepUp(owner, proofOf(input), pending?.pendingTotp?.provenAt ?? null);
  const replaced = await hasSecondFactor(owner.staff.id);
  const recoveryCodes = await confirmTotp(owner.staff.id, input.code);
  const { staff } = owner;
  await recordAudit(actorOf(staff), {
    action: 'SECOND_FACTOR_ADDED',
    targetEmail: staff.email,
    detail: replaced ? 'authenticator app (replacing the earlier one, new recovery codes)' : 'authenticator app',
  });
  const updated = await afterFactorChange(
    staff,
    owner.claims,
    'An authenticator app was added to your console account',
    'An authenticator app was turned on for your account, with new recovery codes. Your other sessions were signed out.',
  );
  return { success: true as const, recoveryCodes, token: fullToken(updated, owner, secret) };
}

/** New recovery codes; the old ones stop working. */
export async function regenerateOwnRecoveryCodes(owner: Owner, proof: StepUpProof | undefined) {
  await requireStepUp(owner, proofOf(proof));
  const recoveryCodes = await regenerateRecoveryCodes(owner.staff.id);
  await recordAudit(actorOf(owner.staff), { action: 'RECOVERY_CODES_REGENERATED', targetEmail: owner.staff.email });
  await afterFactorChange(
    owner.staff,
    owner.claims,
    'New recovery codes for your console account',
    'New recovery codes were made for your account; the earlier ones no longer work. Your other sessions were signed out.',
  );
  return { recoveryCodes };
}

/** Removes every second factor after a fresh proof. */
export async function removeOwnFactors(owner: Owner, input: RemoveFactorsInput): Promise<void> {
  await requireStepUp(owner, {
    currentPassword: input?.currentPassword ?? input?.password,
    currentCode: input?.currentCode ?? input?.code,
  });
  if (await removeAllFactors(owner.staff.id)) {
    await recordAudit(actorOf(owner.staff), {
      action: 'SECOND_FACTOR_REMOVED',
      targetEmail: owner.staff.email,
      detail: 'all second factors',
    });
    await afterFactorChange(
      owner.staff,
      owner.claims,
      'The second factor of your console account was removed',
      'Every second factor of your account was removed: your password alone now signs you in. Your other sessions were signed out.',
    );
  }
}

/** The browser's passkey prompt options; the proof it was given covers adding the passkey (the prompt's 5 minutes). */
export async function ownPasskeyOptions(owner: Owner, proof: StepUpProof | undefined, rp: RelyingParty) {
  await requireStepUp(owner, proofOf(proof));
  return passkeyRegistrationOptions({ id: owner.staff.id as string, email: owner.staff.email, name: owner.staff.name }, rp);
}

/** Adds a passkey; answers recovery codes when it is the first factor, and a full session token. */
export async function addOwnPasskey(
  owner: Owner,
  input: { name: string; response: unknown } & StepUpProof,
  rp: RelyingParty,
  secret: string,
) {
  // The options were only handed out after a fresh proof, and their challenge lives 5 minutes.
  const recoveryCodes = await addPasskey(owner.staff.id, input.response as RegistrationResponseJSON, input.name, rp);
  const { staff } = owner;
  await recordAudit(actorOf(staff), {
    action: 'SECOND_FACTOR_ADDED',
    targetEmail: staff.email,
    detail: `passkey "${input.name || 'Passkey'}"`,
  });
  const updated = await afterFactorChange(
    staff,
    owner.claims,
    'A passkey was added to your console account',
    `A passkey named "${input.name || 'Passkey'}" was added to your account. Your other sessions were signed out.`,
  );
  return { success: true as const, recoveryCodes, token: fullToken(updated, owner, secret) };
}

/** Removes one of one's passkeys after a fresh proof. */
export async function removeOwnPasskey(owner: Owner, input: { id: string } & StepUpProof): Promise<void> {
  await requireStepUp(owner, proofOf(input));
  const name = await removePasskey(owner.staff.id, input.id);
  if (name === null) throw badRequest('No such passkey on your account.');
  await recordAudit(actorOf(owner.staff), { action: 'SECOND_FACTOR_REMOVED', targetEmail: owner.staff.email, detail: `passkey "${name}"` });
  await afterFactorChange(
    owner.staff,
    owner.claims,
    'A passkey was removed from your console account',
    `The passkey "${name}" was removed from your account. Your other sessions were signed out.`,
  );
}
