// What a stored visit is. Raw visits go to one collection per month (insert-only), and whole months
// are dropped after RAW_VISIT_MONTHS, which costs nothing on a database that scans to delete.
// The daily salts that make visitor hashes unlinkable across days live beside them.
import mongoose, { Schema, type InferSchemaType } from 'mongoose';

export const RAW_VISIT_MONTHS = 3;

const visitSchema = new Schema(
  {
    at: { type: Date, required: true },
    page: { type: String, required: true },
    browser: String,
    os: String,
    device: String,
    country: String,
    state: String,
    city: String,
    referrer: String,
    localHour: Number,
    /** Salted hash of address and user agent; the salt is deleted after its day. */
    visitor: String,
    /** Start of the session this visit belongs to. */
    sessionStart: Date,
  },
  { versionKey: false },
);
export type Visit = InferSchemaType<typeof visitSchema>;

export const rawCollection = (month: string) => `visits_${month.replace('-', '_')}`;
/** The model of one month's raw visits. */
export function rawVisitModel(month: string) {
  const name = rawCollection(month);
  return mongoose.models[name] ?? mongoose.model(name, visitSchema, name);
}

const saltSchema = new Schema({ _id: String, salt: { type: String, required: true } }, { versionKey: false });
export const VisitSaltModel = mongoose.model('VisitSalt', saltSchema, 'visit_salts');
