// The server's logger: JSON lines in production and tests, one readable line per entry on a developer's terminal.
import { createRequire } from 'node:module';
import pino, { type TransportSingleOptions } from 'pino';

/** pino-pretty (a dev dependency) when a person watches a terminal outside production; JSON otherwise. */
function prettyTransport(): TransportSingleOptions | undefined {
  if (process.env.NODE_ENV === 'production' || !process.stdout.isTTY || process.env.VITEST) return undefined;
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
  } catch {
    return undefined;
  }
  return {
    target: 'pino-pretty',
    options: {
      translateTime: 'HH:MM:ss',
      ignore: 'pid,hostname,req,res,responseTime,reqId',
      // A request reads as "GET /api/admin/leads 200 12ms"; other entries show their message.
      messageFormat: '{if req.method}{req.method} {req.url} {res.statusCode} {responseTime}ms{end}{if msg} {msg}{end}',
      singleLine: true,
    },
  };
}

// Never log credentials, tokens or customers' medical details.
export const logger = pino({
  level: process.env.LOG_LEVEL || 'info',
  transport: prettyTransport(),
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      '*.password',
      '*.currentPassword',
      '*.newPassword',
      '*.credential',
      '*.medicalHistory',
      '*.medications',
    ],
    censor: '[redacted]',
  },
});
