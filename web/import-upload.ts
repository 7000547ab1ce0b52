// The body parser and rate limit of the file uploads: the customer import (routers/customer-import.ts,
// up to MAX_IMPORT_BYTES) and the commission statement import (routers/commissions.ts, up to
// MAX_STATEMENT_BYTES). The CSV file comes as text (text/csv or text/plain, UTF-8), a statement may also
// come as an .xlsx workbook's bytes (XLSX_TYPE); larger is answered
// 413 JSON; at most IMPORT_UPLOADS_PER_MINUTE uploads per address and kind. Other content types go on to
// the JSON parser.
import express, { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { IMPORT_APPLY_PATH, IMPORT_DRY_RUN_PATH, MAX_IMPORT_BYTES } from '../schemas/limits.ts';
import { MAX_STATEMENT_BYTES, STATEMENT_APPLY_PATH, STATEMENT_DRY_RUN_PATH } from '../schemas/commissions.ts';
import { XLSX_TYPE } from '../schemas/commission-upload.ts';
import { RequestRefused } from '../server/early-errors.ts';

export const IMPORT_UPLOADS_PER_MINUTE = 30;

function uploadRoutes(uploads: Router, paths: string[], maxBytes: number, opts: { xlsx?: boolean } = {}) {
  const limiter = rateLimit({
    windowMs: 60_000,
    limit: IMPORT_UPLOADS_PER_MINUTE,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) =>
      next(new RequestRefused(429, 'Too many import uploads from this address. Please try again in a minute.')),
  });
  const tooLarge = `The file is larger than ${maxBytes / 1024 / 1024} MB; split it into smaller files`;
  uploads.post(paths, limiter, (req, _res, next) => {
    if (Number(req.headers['content-length'] ?? 0) > maxBytes) return next(new RequestRefused(413, tooLarge));
    next();
  });
  uploads.post(paths, express.text({ type: ['text/csv', 'text/plain'], limit: maxBytes }));
  if (opts.xlsx) uploads.post(paths, express.raw({ type: XLSX_TYPE, limit: maxBytes }));
}

export function importUploads(): Router {
  const uploads = Router();
  uploadRoutes(uploads, [IMPORT_DRY_RUN_PATH, IMPORT_APPLY_PATH], MAX_IMPORT_BYTES);
  uploadRoutes(uploads, [STATEMENT_DRY_RUN_PATH, STATEMENT_APPLY_PATH], MAX_STATEMENT_BYTES, { xlsx: true });
  return uploads;
}
