// The documented routes of the compliance records (docs/compliance.md), listed in routers/openapi.ts.
import { z } from 'zod';
import { recordAddInput, recordAmendInput, signRequestInput } from '../schemas/compliance.ts';
import { complianceQuery } from './compliance.ts';

export const COMPLIANCE_ROUTES = [
  {
    method: 'get' as const,
    path: '/api/admin/compliance/records',
    summary: "A lead's or customer's compliance records (?leadId= or ?customerId=), what is missing or expiring, and its sign requests",
    staff: true,
    query: complianceQuery.pick({ leadId: true, customerId: true }),
  },
  {
    method: 'get' as const,
    path: '/api/admin/compliance/records/:recordId',
    summary: 'One compliance record with the text as signed (each read is in the audit log)',
    staff: true,
  },
  {
    method: 'post' as const,
    path: '/api/admin/compliance/records',
    summary:
      'A record captured by a recorded call (`recordingSystem` and the call id or address as `reference`) or on paper (`file.contentBase64`: a PDF, PNG or JPEG of at most 10 MB, checked by its first bytes)',
    staff: true,
    body: recordAddInput,
    status: 201,
  },
  {
    method: 'get' as const,
    path: '/api/admin/compliance/records/:recordId/paper',
    summary: "A record's paper form as an attachment (PDF, PNG or JPEG; each read is in the audit log)",
    staff: true,
  },
  {
    method: 'post' as const,
    path: '/api/admin/compliance/records/:recordId/amendments',
    summary: "A correction or rescission of a record: a new record pointing at the old one (the record's agent or an admin)",
    staff: true,
    body: recordAmendInput,
    status: 201,
  },
  {
    method: 'post' as const,
    path: '/api/admin/compliance/requests',
    summary: 'Prepare a single-use signing link (answered once as `link`; emailed when mail is on)',
    staff: true,
    body: signRequestInput,
    status: 201,
  },
  {
    method: 'delete' as const,
    path: '/api/admin/compliance/requests/:requestId',
    summary: 'Withdraw an unsigned signing link (whoever prepared it, or an admin)',
    staff: true,
  },
  {
    method: 'get' as const,
    path: '/api/admin/compliance/export',
    summary:
      'Admins: a ZIP of printable record pages and index.csv, for a person (?leadId=/?customerId=) or a range (?from=&to=, YYYY-MM-DD)',
    staff: true,
    query: complianceQuery,
  },
] satisfies { method: string; path: string; summary: string; staff: boolean; body?: z.ZodType; query?: z.ZodObject; status?: number }[];
