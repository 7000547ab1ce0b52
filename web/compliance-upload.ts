// The body parser of a compliance record with its paper form (docs/compliance.md, "Recorded calls and paper
// forms"): the JSON of POST /api/admin/compliance/records and of the compliance.add procedure may carry a
// 10 MB file as base64, so it gets a larger limit than every other call; larger is answered 413 JSON before
// it is read, and at most UPLOADS_PER_MINUTE large bodies per address are parsed.
import express, { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { PAPER_MAX_BASE64, PAPER_TOO_LARGE } from '../schemas/compliance.ts';
import { RequestRefused } from '../server/early-errors.ts';
import { refuseDeepBody } from './request-guards.ts';

export const COMPLIANCE_UPLOAD_PATHS = ['/api/admin/compliance/records', '/trpc/compliance.add'];
/** The file's base64 and room for the record's other fields. */
const UPLOAD_LIMIT = PAPER_MAX_BASE64 + 64 * 1024;
const SMALL = 100 * 1024;
export const UPLOADS_PER_MINUTE = 30;

const lengthOf = (req: express.Request) => Number(req.headers['content-length'] ?? 0);

export function complianceUploads(): Router {
  const uploads = Router();
  const limiter = rateLimit({
    windowMs: 60_000,
    limit: UPLOADS_PER_MINUTE,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    // A body without a declared length (chunked) counts as large.
    skip: (req) => req.headers['content-length'] !== undefined && lengthOf(req) <= SMALL,
    handler: (_req, _res, next) => next(new RequestRefused(429, 'Too many uploads from this address. Please try again in a minute.')),
  });
  uploads.post(COMPLIANCE_UPLOAD_PATHS, limiter, (req, _res, next) => {
    if (lengthOf(req) > UPLOAD_LIMIT) return next(new RequestRefused(413, PAPER_TOO_LARGE));
    next();
  });
  uploads.post(COMPLIANCE_UPLOAD_PATHS, express.json({ limit: UPLOAD_LIMIT, verify: refuseDeepBody }));
  return uploads;
}
