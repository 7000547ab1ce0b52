// Slack request signatures already accepted, kept until they go stale: a replayed request is refused.
import mongoose, { Schema } from 'mongoose';

const seenSchema = new Schema({ _id: { type: String, required: true }, expiresAt: { type: Date, required: true } }, { versionKey: false });
seenSchema.index({ expiresAt: 1 });
const SeenSignatureModel = mongoose.model('SlackSignature', seenSchema, 'slack_signatures');

/**
 * Records a signature; false when it was seen before. The insert keyed by the signature is the
 * check, so two copies of one request arriving at once (on two servers) cannot both pass.
 */
export async function rememberSignature(signature: string, expiresAt: Date): Promise<boolean> {
  try {
    await SeenSignatureModel.create({ _id: signature, expiresAt });
    return true;
  } catch (err) {
    if ((err as { code?: number }).code === 11000) return false;
    throw err;
  }
}

/** Drops signatures whose timestamps are stale anyway (refused on age alone). */
export async function purgeSignatures(now: Date): Promise<void> {
  await SeenSignatureModel.deleteMany({ expiresAt: { $lt: now } });
}
