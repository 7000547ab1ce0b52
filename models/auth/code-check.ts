// Checks a second-factor code for an account, for the sign-in's second step and for a step-up
// proof alike: one check at a time per account (models/auth/account-turn.ts), the daily cap on wrong
// codes (models/auth/code-lock.ts) with the owner emailed when it locks, and the audit entry of a wrong one.
import { actorOf, type StaffDoc } from '../staff';
import { verifySecondFactorCode, type FactorMethod } from './second-factor.ts';
import { withTurn, type AccountTurn } from './account-turn.ts';
import { clearCodeLock, recordWrongCode, refuseWhenLocked } from './code-lock.ts';
import { looksLikeRecoveryCode } from './recovery-codes.ts';
import { recordAudit } from '../audit';
import { noticeOwner } from './account-notice.ts';

/** The per-account key under which second-step codes take turns (models/auth/account-turn.ts). */
export const codeTurnKey = (staffId: string) => `code:${staffId}`;

/**
 * Runs `onAccepted` with the method of a right code, inside the account's turn; a wrong code is
 * recorded and answered by `onWrong` (which throws). `before` runs first in the turn and may refuse.
 */
export async function checkAccountCode<T>(
  staff: StaffDoc,
  code: string,
  handlers: {
    arrivedAt?: Date;
    before?: () => Promise<void>;
    onAccepted: (method: FactorMethod, turn: AccountTurn) => Promise<T>;
    onWrong: () => never;
    wrongDetail: string;
  },
): Promise<T> {
  const kind = looksLikeRecoveryCode(code) ? 'recovery' : 'code';
  return withTurn(codeTurnKey(staff.id), handlers.arrivedAt ?? new Date(), async (turn) => {
    await handlers.before?.();
    await refuseWhenLocked(staff.id, kind);
    const method = await verifySecondFactorCode(staff.id, code);
    if (!method) {
      await turn.failed();
      const locked = await recordWrongCode(staff.id, kind);
      await recordAudit(actorOf(staff), { action: 'SIGN_IN_FAILED', detail: handlers.wrongDetail });
      if (locked) {
        await recordAudit(actorOf(staff), { action: 'SIGN_IN_LOCKED', detail: 'too many wrong second-factor codes in 24 hours' });
        await noticeOwner(
          staff,
          'Your console sign-in is locked after wrong codes',
          'Someone entered too many wrong second-factor codes for your account today, so codes from your authenticator app are refused for up to 24 hours. Your password may be known to someone else: change it. A recovery code still signs you in and lifts the lock.',
        );
      }
      handlers.onWrong();
    }
    if (method === 'recovery') await clearCodeLock(staff.id);
    // Still holding the turn: a parallel code on the same second-step token waits and then finds it used.
    const result = await handlers.onAccepted(method, turn);
    await turn.succeeded();
    return result;
  });
}
