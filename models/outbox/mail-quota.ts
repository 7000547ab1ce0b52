// How many acknowledgement emails went to each recipient domain this hour, counted in the database so
// every server shares the count: a visitor can type any address, so the lead form must not become a
// way to send the brokerage's mail to a whole company (docs/api.md, "Email to visitors").
import mongoose, { Schema } from 'mongoose';
import { isDuplicateKey } from '../../server/errors.ts';

/** Acknowledgements per recipient domain per clock hour; more leads from one domain than that in an hour are rare. */
export const VISITOR_MAILS_PER_DOMAIN_PER_HOUR = 10;
const HOUR_MS = 3600_000;

const quotaSchema = new Schema(
  { _id: { type: String, required: true }, count: { type: Number, required: true }, expiresAt: { type: Date, required: true } },
  { versionKey: false },
);
quotaSchema.index({ expiresAt: 1 });
const MailQuotaModel = mongoose.model('MailQuota', quotaSchema, 'mail_quotas');

/** The part after the last @, lower-cased: what a domain cap counts by. */
export const recipientDomain = (email: string) =>
  email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();

/**
 * Takes one acknowledgement from the domain's quota of this hour; false when it is used up. The
 * increment is the check (one atomic upsert), so servers sending at once cannot exceed the cap.
 */
export async function takeVisitorMailQuota(email: string, now: Date, cap = VISITOR_MAILS_PER_DOMAIN_PER_HOUR): Promise<boolean> {
  const hour = Math.floor(now.getTime() / HOUR_MS);
  const _id = `${recipientDomain(email)}|${hour}`;
  for (let attempt = 0; ; attempt++) {
    try {
      const doc = await MailQuotaModel.findOneAndUpdate(
        { _id },
        { $inc: { count: 1 }, $setOnInsert: { expiresAt: new Date((hour + 1) * HOUR_MS) } },
        { upsert: true, new: true },
      ).orFail();
      if (doc.count === 1) await MailQuotaModel.deleteMany({ expiresAt: { $lte: now } });
      return doc.count <= cap;
    } catch (err) {
      // Two first mails of the hour at once: one insert wins, the other retries as an update.
      if (!isDuplicateKey(err) || attempt > 2) throw err;
    }
  }
}
