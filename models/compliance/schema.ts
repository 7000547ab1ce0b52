// The compliance documents (docs/compliance.md): records (append-only), sign requests (a token's hash,
// single use) and the versions of the texts. Only models/compliance/ uses these models.
import mongoose, { Schema } from 'mongoose';
import { CAPTURE_METHODS, COMPLIANCE_TYPES, LANGUAGES, RECORD_KINDS } from '../../schemas/compliance.ts';

const recordSchema = new Schema(
  {
    type: { type: String, enum: COMPLIANCE_TYPES, required: true },
    kind: { type: String, enum: RECORD_KINDS, required: true },
    /** The record this one corrects or rescinds. */
    amends: { type: String, default: null },
    note: { type: String, default: '' },
    leadId: { type: String, default: null },
    customerId: { type: String, default: null },
    // The required elements: the person's and the agent's and agency's names, the scope, the products and date.
    personName: { type: String, required: true },
    agentName: { type: String, required: true },
    agencyName: { type: String, required: true },
    scope: { type: String, default: '' },
    products: { type: [String], default: [] },
    appointmentDate: { type: String, default: null },
    language: { type: String, enum: LANGUAGES, required: true },
    textVersion: { type: Number, required: true },
    textHash: { type: String, required: true },
    /** The exact text shown, as signed. */
    text: { type: String, required: true },
    captureMethod: { type: String, enum: CAPTURE_METHODS, required: true },
    /** A recording's or an uploaded paper form's reference; the sign request's id for a signed link. */
    reference: { type: String, default: '' },
    /** A recorded call: the system holding the recording. */
    recordingSystem: { type: String, default: '' },
    /** A paper form: the uploaded file's type; its bytes are in compliance_files (models/compliance/files.ts). */
    paperType: { type: String, default: '' },
    signerName: { type: String, required: true },
    signedAt: { type: Date, required: true },
    ip: { type: String, default: '' },
    userAgent: { type: String, default: '' },
    keepUntil: { type: Date, required: true },
  },
  { versionKey: false },
);
recordSchema.index({ leadId: 1 });
recordSchema.index({ customerId: 1 });
recordSchema.index({ signedAt: 1 });

// Append-only: a correction or a rescission is a new record (models/compliance/records.ts).
const refuse = () => {
  throw new Error('Compliance records are append-only');
};
recordSchema.pre(['updateOne', 'updateMany', 'findOneAndUpdate', 'replaceOne', 'findOneAndReplace'], refuse);
recordSchema.pre(['deleteOne', 'deleteMany', 'findOneAndDelete'], refuse);

export const ComplianceRecordModel = mongoose.model('ComplianceRecord', recordSchema, 'compliance_records');

const requestSchema = new Schema(
  {
    /** sha256 of the token: the token itself is only in the link. */
    tokenHash: { type: String, required: true, unique: true },
    type: { type: String, enum: COMPLIANCE_TYPES, required: true },
    leadId: { type: String, default: null },
    customerId: { type: String, default: null },
    personName: { type: String, required: true },
    personEmail: { type: String, default: '' },
    scope: { type: String, default: '' },
    products: { type: [String], default: [] },
    appointmentDate: { type: String, default: null },
    language: { type: String, enum: LANGUAGES, required: true },
    createdBy: { type: String, required: true },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
    usedAt: { type: Date, default: null },
    recordId: { type: String, default: null },
  },
  { versionKey: false },
);
requestSchema.index({ leadId: 1 });
requestSchema.index({ customerId: 1 });
requestSchema.index({ createdBy: 1, usedAt: 1 });
export const SignRequestModel = mongoose.model('ComplianceSignRequest', requestSchema, 'compliance_requests');

const textSchema = new Schema(
  {
    type: { type: String, enum: COMPLIANCE_TYPES, required: true },
    language: { type: String, enum: LANGUAGES, required: true },
    version: { type: Number, required: true },
    body: { type: String, required: true },
    by: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);
// Two admins saving at once: one gets the version, the other a duplicate-key error and tries the next.
textSchema.index({ type: 1, language: 1, version: 1 }, { unique: true });
export const ComplianceTextModel = mongoose.model('ComplianceText', textSchema, 'compliance_texts');

const settingsSchema = new Schema(
  { _id: { type: String, required: true }, linkHours: Number, retentionYears: Schema.Types.Mixed },
  { versionKey: false },
);
export const ComplianceSettingsModel = mongoose.model('ComplianceSettings', settingsSchema, 'compliance_settings');

// A Scope of Appointment used by the Medicare appointment it covered: one entry per SOA (the unique index
// lets only one appointment claim it), never changed; the SOA record itself is never touched.
const useSchema = new Schema(
  {
    soaRecordId: { type: String, required: true, unique: true },
    leadId: { type: String, default: null },
    customerId: { type: String, default: null },
    usedAt: { type: Date, required: true },
    by: { type: String, required: true },
  },
  { versionKey: false },
);
useSchema.index({ leadId: 1 });
useSchema.index({ customerId: 1 });
useSchema.pre(['updateOne', 'updateMany', 'findOneAndUpdate', 'replaceOne', 'findOneAndReplace'], refuse);
useSchema.pre(['deleteOne', 'deleteMany', 'findOneAndDelete'], refuse);
export const SoaUseModel = mongoose.model('ComplianceSoaUse', useSchema, 'compliance_soa_uses');
