// A staff member's own changes to their second factors: confirming an authenticator app (which
// also lifts an enrolment-only session to a full one) and removing the factors, proven with the
// current password or a current code. Guesses go through the same limits as a sign-in.
import { badRequest } from '../server/errors.ts';
import type { RemoveFactorsInput } from '../schemas/second-factor.ts';
import { verifyPassword, type StaffDoc } from './staff.ts';
import { confirmTotp, removeAllFactors, verifySecondFactorCode } from './second-factor.ts';
import { recordAudit } from './audit.ts';
import { admitAttempt, forgive, signInKeys } from './login-throttle.ts';
import { withTurn } from './account-turn.ts';
import { codeTurnKey, INVALID_CODE, sessionFor } from './sign-in.ts';
import { addPasskey, removePasskey } from './passkeys.ts';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { RelyingParty } from '../server/relying-party.ts';

const actorOf = (staff: StaffDoc) => ({ id: staff.id as string, name: staff.name, email: staff.email });

/** Turns the authenticator app on; answers the recovery codes and a full session token. */
export async function confirmOwnTotp(staff: StaffDoc, code: string, secret: string) {
  const recoveryCodes = await confirmTotp(staff.id, code);
  await recordAudit(actorOf(staff), { action: 'SECOND_FACTOR_ADDED', targetEmail: staff.email, detail: 'authenticator app' });
  return { success: true as const, recoveryCodes, token: sessionFor(staff, secret).token };
}

/** Removes every second factor after checking the current password or a code. */
export async function removeOwnFactors(staff: StaffDoc, proof: RemoveFactorsInput, ip: string): Promise<void> {
  if (proof.password) {
    const keys = signInKeys(staff.email, ip, { countAddress: false });
    const turn = await admitAttempt(keys);
    try {
      if (!(await verifyPassword(staff.passwordHash, proof.password))) {
        await turn.failed();
        throw badRequest('Current password is incorrect');
      }
      await forgive(keys, turn);
    } finally {
      await turn.release();
    }
  } else {
    await withTurn(codeTurnKey(staff.id), new Date(), async (turn) => {
      if (!(await verifySecondFactorCode(staff.id, proof.code ?? ''))) {
        await turn.failed();
        throw badRequest(INVALID_CODE);
      }
      await turn.succeeded();
    });
  }
  if (await removeAllFactors(staff.id))
    await recordAudit(actorOf(staff), { action: 'SECOND_FACTOR_REMOVED', targetEmail: staff.email, detail: 'all second factors' });
}

/** Adds a passkey; answers recovery codes when it is the first factor, and a full session token. */
export async function addOwnPasskey(staff: StaffDoc, input: { name: string; response: unknown }, rp: RelyingParty, secret: string) {
  const recoveryCodes = await addPasskey(staff.id, input.response as RegistrationResponseJSON, input.name, rp);
  await recordAudit(actorOf(staff), {
    action: 'SECOND_FACTOR_ADDED',
    targetEmail: staff.email,
    detail: `passkey "${input.name || 'Passkey'}"`,
  });
  return { success: true as const, recoveryCodes, token: sessionFor(staff, secret).token };
}

/** Removes one of one's passkeys. */
export async function removeOwnPasskey(staff: StaffDoc, credentialId: string): Promise<void> {
  const name = await removePasskey(staff.id, credentialId);
  if (name === null) throw badRequest('No such passkey on your account.');
  await recordAudit(actorOf(staff), { action: 'SECOND_FACTOR_REMOVED', targetEmail: staff.email, detail: `passkey "${name}"` });
}
