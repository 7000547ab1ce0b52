// Paper forms of compliance records (docs/compliance.md, "Recorded calls and paper forms"): a PDF, PNG or
// JPEG of at most 10 MB, its type known by its first bytes (never its name), kept in the database sealed
// with the data key like the other health data (docs/decisions/006-keys-and-encryption-at-rest.md), one per record, never changed.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import mongoose, { Schema } from 'mongoose';
import { PAPER_MAX_BYTES, PAPER_TOO_LARGE, PAPER_TYPES, type PaperType } from '../../schemas/compliance.ts';
import { badRequest, notFound } from '../../server/errors.ts';
import { currentKey, keyById } from '../../server/field-crypto.ts';

export const PAPER_CONTENT_TYPES: Record<PaperType, string> = { pdf: 'application/pdf', png: 'image/png', jpeg: 'image/jpeg' };
const MAGIC: Record<PaperType, number[]> = {
  pdf: [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff],
};
export const PAPER_WRONG_TYPE = 'The file must be a PDF, PNG or JPEG';

/** The type of a file by its first bytes; null for anything else. */
export function sniffPaper(bytes: Uint8Array): PaperType | null {
  return PAPER_TYPES.find((t) => MAGIC[t].every((b, i) => bytes[i] === b)) ?? null;
}

/** The bytes of an upload, refused (400) when too large or not a PDF, PNG or JPEG. */
export function decodePaper(contentBase64: string): { bytes: Buffer; type: PaperType } {
  const bytes = Buffer.from(contentBase64, 'base64');
  if (bytes.length > PAPER_MAX_BYTES) throw badRequest(PAPER_TOO_LARGE);
  if (!bytes.length) throw badRequest('The file is empty');
  const type = sniffPaper(bytes);
  if (!type) throw badRequest(PAPER_WRONG_TYPE);
  return { bytes, type };
}

const fileSchema = new Schema(
  {
    recordId: { type: String, required: true, unique: true },
    type: { type: String, enum: PAPER_TYPES, required: true },
    size: { type: Number, required: true },
    sha256: { type: String, required: true },
    /** AES-256-GCM under the data key `kid` (associated data: the key id), as bytes: a 10 MB scan stays one document. */
    kid: { type: String, required: true },
    iv: { type: Buffer, required: true },
    tag: { type: Buffer, required: true },
    data: { type: Buffer, required: true },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);
const refuse = () => {
  throw new Error('Paper forms are kept as uploaded');
};
fileSchema.pre(['updateOne', 'updateMany', 'findOneAndUpdate', 'replaceOne', 'findOneAndReplace'], refuse);
export const PaperFileModel = mongoose.model('CompliancePaperFile', fileSchema, 'compliance_files');

const aad = (kid: string) => Buffer.from(`compliance-file:${kid}`);

export function sealBytes(plain: Uint8Array) {
  const { kid, key } = currentKey();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(kid));
  const data = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { kid, iv, tag: cipher.getAuthTag(), data };
}

/** Bytes as stored: a Buffer, or the driver's Binary (lean reads and the raw collection). */
type Stored = Uint8Array | { buffer: Uint8Array };
const asBytes = (v: Stored): Uint8Array => (v instanceof Uint8Array ? v : v.buffer);

export function openBytes(stored: { kid: string; iv: Stored; tag: Stored; data: Stored }): Buffer {
  const sealed = { kid: stored.kid, iv: asBytes(stored.iv), tag: asBytes(stored.tag), data: asBytes(stored.data) };
  const entry = keyById(sealed.kid);
  if (!entry) throw new Error(`A paper form is encrypted with key ${sealed.kid}, which is not in the key ring`);
  const decipher = createDecipheriv('aes-256-gcm', entry.key, sealed.iv);
  decipher.setAAD(aad(sealed.kid));
  decipher.setAuthTag(sealed.tag);
  return Buffer.concat([decipher.update(sealed.data), decipher.final()]);
}

/** Keeps the form of a record (written before the record, so a record never points at nothing). */
export async function storePaper(recordId: string, paper: { bytes: Buffer; type: PaperType }): Promise<void> {
  await PaperFileModel.create({
    recordId,
    type: paper.type,
    size: paper.bytes.length,
    sha256: createHash('sha256').update(paper.bytes).digest('hex'),
    ...sealBytes(paper.bytes),
    createdAt: new Date(),
  });
}

/** Drops a form whose record could not be written (nothing else ever deletes one). */
export async function dropUnrecordedPaper(recordId: string): Promise<void> {
  await mongoose.connection.collection('compliance_files').deleteOne({ recordId });
}

export interface PaperFile {
  type: PaperType;
  contentType: string;
  size: number;
  sha256: string;
  bytes: Buffer;
}

/** The decrypted form of a record; 404 when it has none. */
export async function readPaper(recordId: string): Promise<PaperFile> {
  const doc = await PaperFileModel.findOne({ recordId }).lean();
  if (!doc) throw notFound('This record has no paper form');
  const type = doc.type as PaperType;
  return {
    type,
    contentType: PAPER_CONTENT_TYPES[type],
    size: doc.size,
    sha256: doc.sha256,
    bytes: openBytes(doc as unknown as Parameters<typeof openBytes>[0]),
  };
}

/** Re-seals forms under another key than the current one (key rotation, models/flows/walk-sealed-fields.ts), by compare and set. */
export async function resealPapers(): Promise<number> {
  const coll = mongoose.connection.collection('compliance_files');
  const kid = currentKey().kid;
  let changed = 0;
  for await (const doc of coll.find({ kid: { $ne: kid } }, { projection: { _id: 1, kid: 1 } })) {
    const full = await coll.findOne({ _id: doc._id, kid: doc.kid });
    if (!full) continue;
    const plain = openBytes(full as unknown as Parameters<typeof openBytes>[0]);
    const res = await coll.updateOne({ _id: doc._id, kid: doc.kid }, { $set: sealBytes(plain) });
    changed += res.modifiedCount;
  }
  return changed;
}

/** How many forms are sealed under another key than the current one. */
export const countStalePapers = () => mongoose.connection.collection('compliance_files').countDocuments({ kid: { $ne: currentKey().kid } });
