// WebAuthn challenges kept on the server: each is issued for one purpose (adding a passkey to an
// account, or one sign-in attempt's second step), lives a few minutes, and is taken out by the
// write that reads it, so a response signed over it is checked once at most.
import mongoose, { Schema } from 'mongoose';

/** A challenge not answered within this time is refused. */
export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;

const challengeSchema = new Schema(
  {
    /** `register:<staff id>` or `signin:<second-step token id>`: a new challenge replaces the old. */
    _id: { type: String, required: true },
    challenge: { type: String, required: true },
    /** The relying party (host name) and origin the challenge was issued for. */
    rpID: { type: String, required: true },
    origin: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);
const ChallengeModel = mongoose.model('PasskeyChallenge', challengeSchema, 'passkey_challenges');

export interface IssuedChallenge {
  challenge: string;
  rpID: string;
  origin: string;
}

export async function keepChallenge(key: string, issued: IssuedChallenge): Promise<void> {
  await ChallengeModel.updateOne({ _id: key }, { $set: { ...issued, createdAt: new Date() } }, { upsert: true });
}

/** Takes the challenge out (single use); null when none was issued or it has expired. */
export async function takeChallenge(key: string): Promise<IssuedChallenge | null> {
  const doc = await ChallengeModel.findOneAndDelete({ _id: key }).lean();
  if (!doc || Date.now() - doc.createdAt.getTime() > CHALLENGE_LIFETIME_MS) return null;
  return { challenge: doc.challenge, rpID: doc.rpID, origin: doc.origin };
}
