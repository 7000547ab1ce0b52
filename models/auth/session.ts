// Signed-out and used-up tokens: a sign-out records the token's id until the token would have expired anyway,
// so that one token stops working at once while the account's other sessions go on.
import mongoose, { Schema } from 'mongoose';

const revokedSchema = new Schema({
  jti: { type: String, required: true, unique: true },
  expiresAt: { type: Date, required: true },
});
revokedSchema.index({ expiresAt: 1 });

const RevokedTokenModel = mongoose.model('RevokedToken', revokedSchema);

/** Ends the token with this id; records older than their token's expiry are swept on the way. */
export async function revokeToken(token: { jti: string; exp: number }): Promise<void> {
  const expiresAt = new Date(token.exp * 1000);
  await RevokedTokenModel.updateOne({ jti: token.jti }, { $setOnInsert: { expiresAt } }, { upsert: true });
  await RevokedTokenModel.deleteMany({ expiresAt: { $lt: new Date() } });
}

export async function isTokenRevoked(jti: string): Promise<boolean> {
  return (await RevokedTokenModel.exists({ jti })) !== null;
}

/**
 * Uses up a single-use token (a second-step token, a live ticket): true for the one caller whose
 * write recorded it, false for every other, also when they arrive at the same moment (one insert
 * under a unique key, atomic on either engine: docs/decisions/001-embedded-engine.md).
 */
export async function claimOnce(token: { jti: string; exp: number }): Promise<boolean> {
  try {
    const res = await RevokedTokenModel.updateOne(
      { jti: token.jti },
      { $setOnInsert: { expiresAt: new Date(token.exp * 1000) } },
      { upsert: true },
    );
    return res.upsertedCount === 1;
  } catch (err) {
    if ((err as { code?: number }).code === 11000) return false;
    throw err;
  }
}
