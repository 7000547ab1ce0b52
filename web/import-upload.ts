// The body parser and rate limit of the customer import uploads (routers/customer-import.ts): the CSV
// file as text (text/csv or text/plain, UTF-8) up to MAX_IMPORT_BYTES, larger answered 413 JSON; at most
// IMPORT_UPLOADS_PER_MINUTE uploads per address. Other content types go on to the JSON parser.
import express, { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { IMPORT_APPLY_PATH, IMPORT_DRY_RUN_PATH, MAX_IMPORT_BYTES } from '../schemas/limits.ts';
import { RequestRefused } from '../server/early-errors.ts';

export const IMPORT_UPLOADS_PER_MINUTE = 30;
const IMPORT_UPLOAD_PATHS = [IMPORT_DRY_RUN_PATH, IMPORT_APPLY_PATH];

export function importUploads(): Router {
  const uploads = Router();
  const limiter = rateLimit({
    windowMs: 60_000,
    limit: IMPORT_UPLOADS_PER_MINUTE,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) =>
      next(new RequestRefused(429, 'Too many import uploads from this address. Please try again in a minute.')),
  });
  const tooLarge = `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB; split it into smaller files`;
  uploads.post(IMPORT_UPLOAD_PATHS, limiter, (req, _res, next) => {
    if (Number(req.headers['content-length'] ?? 0) > MAX_IMPORT_BYTES) return next(new RequestRefused(413, tooLarge));
    next();
  });
  uploads.post(IMPORT_UPLOAD_PATHS, express.text({ type: ['text/csv', 'text/plain'], limit: MAX_IMPORT_BYTES }));
  return uploads;
}
