// Compliance records (docs/compliance.md): a person's panel, sign requests, records captured by call or on
// paper, corrections and rescissions, the texts and settings (admins) and the audit export (admins). The
// rules live in models/compliance/; the public signing page is web/sign-page.ts.
import { z } from 'zod';
import {
  complianceSettingsInput,
  exportInput,
  recordAddInput,
  recordAmendInput,
  recordIdInput,
  requestIdInput,
  signRequestInput,
  subjectInput,
  textUpdateInput,
  textVersionsInput,
} from '../schemas/compliance.ts';
import {
  addCapturedRecord,
  amendRecord,
  cancelSignRequest,
  complianceSettings,
  createSignRequest,
  currentTexts,
  exportZip,
  EXPORT_MAX_RECORDS,
  findRecord,
  PAPER_CONTENT_TYPES,
  readPaper,
  recordsOf,
  requestsOf,
  resolveSubject,
  saveText,
  soaUsesOf,
  statusOf,
  textVersions,
  unsignedSoasOf,
  updateComplianceSettings,
} from '../models/compliance';
import { recordAudit } from '../models/audit';
import { sendComplianceMail, signLinkMessage } from '../notify/compliance-mail.ts';
import { badRequest, forbidden } from '../server/errors.ts';
import { restRoutes } from './rest.ts';
import { adminProcedure, isAdminStaff, protectedProcedure, router } from './trpc.ts';

export const complianceRouter = router({
  /** A lead's or customer's records (without the signed text: `record` reads one, audited), status and links. */
  panel: protectedProcedure.input(subjectInput).query(async ({ input }) => {
    const subject = await resolveSubject(input);
    const [records, requests, used] = await Promise.all([recordsOf(subject), requestsOf(subject), soaUsesOf(subject)]);
    return {
      status: statusOf(records, new Date(), used).map((s) => ({ ...s, current: s.current ? s.current.recordId : null })),
      // `usedAt`: a Scope of Appointment used by the Medicare appointment it covered.
      records: records.map(({ text: _t, ip: _i, userAgent: _u, ...r }) => ({ ...r, usedAt: used.get(r.recordId) ?? null })),
      requests,
    };
  }),

  /** One record in full (the text as signed, the signer's address): every read is in the audit log. */
  record: protectedProcedure.input(recordIdInput).query(async ({ input, ctx }) => {
    const record = await findRecord(input.recordId);
    await recordAudit(ctx.actor, {
      action: 'COMPLIANCE_RECORD_READ',
      customerId: record.customerId ?? undefined,
      detail: `${record.type} ${record.recordId}`,
    });
    return record;
  }),

  /** Prepares a link to sign; emailed when mail is on, and always answered for the console to show. */
  request: protectedProcedure.input(signRequestInput).mutation(async ({ input, ctx }) => {
    const { request, token, subject } = await createSignRequest(input, ctx.staff.name);
    const path = `/sign/${token}`;
    const link = `${ctx.config.publicUrl}${path}`;
    const emailed = await sendComplianceMail(ctx.config, subject.email, signLinkMessage(input.type, link, ctx.staff.name));
    return { request, path, link, emailed };
  }),

  /** Withdraws an unsigned link (whoever prepared it, or an admin). */
  cancel: protectedProcedure.input(requestIdInput).mutation(async ({ input, ctx }) => {
    await cancelSignRequest(input.requestId, { name: ctx.staff.name, isAdmin: isAdminStaff(ctx.staff, ctx.config) });
    return { success: true as const };
  }),

  /** A record captured by a recorded call or a paper form (the reference to the recording or the upload). */
  add: protectedProcedure.input(recordAddInput).mutation(({ input, ctx }) => addCapturedRecord(input, ctx.actor.name)),

  /** A record's paper form (staff only), base64: every read is in the audit log. */
  paper: protectedProcedure.input(recordIdInput).query(async ({ input, ctx }) => {
    const record = await findRecord(input.recordId);
    const file = await readPaper(record.recordId);
    await recordAudit(ctx.actor, {
      action: 'COMPLIANCE_RECORD_READ',
      customerId: record.customerId ?? undefined,
      detail: `paper form of ${record.type} ${record.recordId}`,
    });
    const ext = file.type === 'jpeg' ? 'jpg' : file.type;
    return {
      fileName: `${record.type}-${record.recordId}.${ext}`,
      contentType: PAPER_CONTENT_TYPES[file.type],
      size: file.size,
      sha256: file.sha256,
      contentBase64: file.bytes.toString('base64'),
    };
  }),

  /** A correction or rescission: a new record pointing at the old one (its agent, or an admin). */
  amend: protectedProcedure.input(recordAmendInput).mutation(async ({ input, ctx }) => {
    const old = await findRecord(input.recordId);
    if (old.agentName !== ctx.staff.name && !isAdminStaff(ctx.staff, ctx.config))
      throw forbidden("Only the record's agent, or an admin, can correct or rescind it.");
    return amendRecord(input.recordId, input.kind, input.note, ctx.staff.name);
  }),

  /** My work: the Scopes of Appointment I sent that are not signed yet. */
  unsignedSoas: protectedProcedure.query(({ ctx }) => unsignedSoasOf(ctx.staff.name)),

  texts: adminProcedure.query(() => currentTexts()),
  /** Every version of one text, newest first (read-only: signed records keep their own copy). */
  textVersions: adminProcedure.input(textVersionsInput).query(({ input }) => textVersions(input.type, input.language)),
  saveText: adminProcedure.input(textUpdateInput).mutation(({ input, ctx }) => saveText(input.type, input.language, input.body, ctx.actor)),
  settings: protectedProcedure.query(() => complianceSettings()),
  updateSettings: adminProcedure.input(complianceSettingsInput).mutation(({ input, ctx }) => updateComplianceSettings(input, ctx.actor)),

  /** The audit export (admins): a ZIP of printable pages and a CSV index, audited with its scope and count. */
  export: adminProcedure.input(exportInput).mutation(async ({ input, ctx }) => {
    const done = await exportZip(input);
    if (done.tooMany) throw badRequest(`More than ${EXPORT_MAX_RECORDS} records: export a shorter range`);
    await recordAudit(ctx.actor, { action: 'COMPLIANCE_EXPORTED', scope: `${done.count} ${done.scope}` });
    const fileName = `compliance-${new Date().toISOString().slice(0, 10)}.zip`;
    return { fileName, count: done.count, zipBase64: Buffer.from(done.zip).toString('base64') };
  }),
});

/** The query of GET /api/admin/compliance/records and /export: a person, or a date range. */
export const complianceQuery = z.object({
  leadId: z.string().max(64).optional(),
  customerId: z.string().max(64).optional(),
  from: z.string().max(10).optional(),
  to: z.string().max(10).optional(),
});
const query = (req: { query: Record<string, unknown> }, name: string) =>
  typeof req.query[name] === 'string' ? (req.query[name] as string) : undefined;
const subjectOf = (req: { query: Record<string, unknown> }) => ({ leadId: query(req, 'leadId'), customerId: query(req, 'customerId') });

const records = '`models/compliance/records.ts`';
const requests = '`models/compliance/requests.ts`';
const panel = '`CompliancePanel.tsx`';

export const complianceRest = restRoutes(complianceRouter, [
  {
    method: 'get',
    path: '/api/admin/compliance/records',
    summary: "A lead's or customer's compliance records (?leadId= or ?customerId=), what is missing or expiring, and its sign requests",
    staff: true,
    query: complianceQuery.pick({ leadId: true, customerId: true }),
    code: {
      procedure: '`compliance.panel`',
      input: '`subjectInput` (`schemas/compliance.ts`)',
      model: `${records}, \`requests.ts\``,
      screen: '`src/components/compliance/CompliancePanel.tsx`',
    },
    handle: (c, req) => c.panel(subjectOf(req)),
  },
  {
    method: 'get',
    path: '/api/admin/compliance/records/:recordId',
    summary: 'One compliance record with the text as signed (each read is in the audit log)',
    staff: true,
    code: { procedure: '`compliance.record` (audited)', input: '`recordIdInput`', model: records, screen: panel },
    handle: (c, req) => c.record({ recordId: String(req.params.recordId) }),
  },
  {
    method: 'get',
    path: '/api/admin/compliance/records/:recordId/paper',
    summary: "A record's paper form as an attachment (PDF, PNG or JPEG; each read is in the audit log)",
    staff: true,
    code: { procedure: '`compliance.paper`', model: `${records}` },
    handle: async (c, req, res) => {
      const file = await c.paper({ recordId: String(req.params.recordId) });
      // A download, never shown in place: a crafted scan cannot run as a page of the console's origin.
      res.set({
        'Content-Type': file.contentType,
        'Content-Disposition': `attachment; filename="${file.fileName}"`,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
      });
      res.status(200).send(Buffer.from(file.contentBase64, 'base64'));
    },
  },
  {
    method: 'post',
    path: '/api/admin/compliance/records',
    summary:
      'A record captured by a recorded call (`recordingSystem` and the call id or address as `reference`) or on paper (`file.contentBase64`: a PDF, PNG or JPEG of at most 10 MB, checked by its first bytes)',
    staff: true,
    body: recordAddInput,
    status: 201,
    code: { procedure: '`compliance.add`', input: '`recordAddInput`', model: `${records} \`addCapturedRecord\`` },
    handle: (c, req) => c.add(req.body),
  },
  {
    method: 'post',
    path: '/api/admin/compliance/records/:recordId/amendments',
    summary: "A correction or rescission of a record: a new record pointing at the old one (the record's agent or an admin)",
    staff: true,
    body: recordAmendInput,
    status: 201,
    code: { procedure: '`compliance.amend`', input: '`recordAmendInput`', model: `${records} \`amendRecord\`` },
    handle: (c, req) => c.amend({ ...req.body, recordId: String(req.params.recordId) }),
  },
  {
    method: 'post',
    path: '/api/admin/compliance/requests',
    summary: 'Prepare a single-use signing link (answered once as `link`; emailed when mail is on)',
    staff: true,
    body: signRequestInput,
    status: 201,
    code: {
      procedure: '`compliance.request`',
      input: '`signRequestInput`',
      model: `${requests} \`createSignRequest\``,
      screen: '`src/components/compliance/SignLinkForm.tsx`',
    },
    handle: (c, req) => c.request(req.body),
  },
  {
    method: 'delete',
    path: '/api/admin/compliance/requests/:requestId',
    summary: 'Withdraw an unsigned signing link (whoever prepared it, or an admin)',
    staff: true,
    code: { procedure: '`compliance.cancel`', input: '`requestIdInput`', model: `${requests} \`cancelSignRequest\``, screen: panel },
    handle: (c, req) => c.cancel({ requestId: String(req.params.requestId) }),
  },
  {
    method: 'get',
    path: '/api/admin/compliance/export',
    summary:
      'Admins: a ZIP of printable record pages and index.csv, for a person (?leadId=/?customerId=) or a range (?from=&to=, YYYY-MM-DD)',
    staff: true,
    query: complianceQuery,
    code: {
      procedure: '`compliance.export` (admins), then sent as a ZIP by the route',
      input: '`exportInput`',
      model: '`models/compliance/export.ts`',
    },
    handle: async (c, req, res) => {
      const from = query(req, 'from');
      const to = query(req, 'to');
      const { fileName, zipBase64 } = await c.export(from || to ? { from: from ?? '', to: to ?? '' } : { subject: subjectOf(req) });
      res.set({
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${fileName}"`,
        'Cache-Control': 'no-store',
      });
      res.status(200).send(Buffer.from(zipBase64, 'base64'));
    },
  },
]);
