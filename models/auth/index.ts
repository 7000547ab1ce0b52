// The door to signing in: passwords and second factors, passkeys, throttles, sessions, step-up and recovery codes.
export { countLegacyRecoveryCodes, hashLegacyRecoveryCodes } from './recovery-codes.ts';
export { endSessionsWithoutFactor, factorOwners, listFactors, removeAllFactors } from './second-factor.ts';
export { clearCodeLock } from './code-lock.ts';
export {
  addOwnPasskey,
  confirmOwnTotp,
  ownPasskeyOptions,
  regenerateOwnRecoveryCodes,
  removeOwnFactors,
  removeOwnPasskey,
  startOwnTotpSetup,
} from './own-factors.ts';
export type { Owner } from './own-factors.ts';
export { admitAttempt, forgive, signInKeys } from './login-throttle.ts';
export { claimOnce, isTokenRevoked, revokeToken } from './session.ts';
export { completePasskeyStep, completeSecondStep, passkeyStepOptions, sessionFor, userOf } from './sign-in.ts';
export { logInWithGoogle, logInWithPassword } from './login.ts';
