// Records captured without the signing link (docs/compliance.md, "Recorded calls and paper forms"): a recorded
// call (the system and the call's id or address) or a paper form uploaded as a PDF or image. Everything is
// checked before anything is stored; the form is kept first, under the record's id, then the record.
import mongoose from 'mongoose';
import type { ComplianceRecordView, RecordAddInput } from '../../schemas/compliance.ts';
import { site } from '../../schemas/brokerage.ts';
import { dayOf, insertRecord, resolveSubject } from './records.ts';
import { currentText, renderText } from './texts.ts';
import { decodePaper, dropUnrecordedPaper, storePaper } from './files.ts';

/** When it was agreed: the day given (noon UTC, so the date reads the same everywhere), or now for today. */
function signedAtOf(capturedOn: string | undefined, now: Date): Date {
  if (!capturedOn || capturedOn >= dayOf(now)) return now;
  return new Date(`${capturedOn}T12:00:00.000Z`);
}

/** A record captured by a recorded call or on paper: the text in force is the one read or printed. */
export async function addCapturedRecord(input: RecordAddInput, agentName: string): Promise<ComplianceRecordView> {
  const paper = input.captureMethod === 'paper' && input.file ? decodePaper(input.file.contentBase64) : null;
  const subject = await resolveSubject(input.subject);
  const text = await currentText(input.type, input.language);
  const now = new Date();
  const signedAt = signedAtOf(input.capturedOn, now);
  const soa = input.type === 'medicare-soa';
  const products = soa ? input.products : [];
  const appointmentDate = soa ? (input.appointmentDate ?? null) : null;
  const facts = { person: subject.name, agent: agentName, agency: site.name, scope: input.scope, date: dayOf(signedAt) };
  const recordId = new mongoose.Types.ObjectId().toHexString();
  if (paper) await storePaper(recordId, paper);
  try {
    return await insertRecord({
      recordId,
      type: input.type,
      kind: 'original',
      subject,
      agentName,
      scope: input.scope,
      products,
      appointmentDate,
      language: input.language,
      textVersion: text.version,
      text: renderText(text.body, input.language, { ...facts, products, appointmentDate }),
      captureMethod: input.captureMethod,
      reference: input.reference,
      recordingSystem: input.captureMethod === 'recorded-call' ? input.recordingSystem : '',
      paperType: paper?.type ?? '',
      signerName: input.signerName,
      signedAt,
    });
  } catch (err) {
    if (paper) await dropUnrecordedPaper(recordId);
    throw err;
  }
}
