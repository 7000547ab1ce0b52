// Reads and validates every environment variable of CONTRACT.md once, at start.
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const hostList = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(/^[a-z0-9.-]+$/, 'must be hostnames separated by commas')).min(1));

/** True for a zone the runtime knows (Intl throws a RangeError for others). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// `true` would trust every X-Forwarded-For hop, letting a client pick its own address past every
// per-address limit, so only a hop count or the proxies' addresses are accepted.
const proxyEntry = (e: string) => {
  const [addr = '', bits, extra] = e.split('/');
  if (['loopback', 'linklocal', 'uniquelocal'].includes(e)) return true;
  const family = isIP(addr);
  return (
    family !== 0 && extra === undefined && (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)))
  );
};
const trustProxy = z
  .string()
  .transform((v) => v.trim())
  .refine(
    (v) => v.toLowerCase() !== 'true',
    "true trusts any client-sent address: set the number of proxy hops (for example 1) or the proxies' addresses",
  )
  .refine(
    (v) => v.toLowerCase() === 'true' || /^\d{1,2}$/.test(v) || v.split(',').every((e) => proxyEntry(e.trim())),
    'must be a hop count (for example 1) or addresses separated by commas (for example 10.0.0.1, 10.0.0.0/8, loopback)',
  );

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    MONGODB_URI: z
      .string()
      .regex(/^mongodb(\+srv)?:\/\//, 'must start with mongodb:// or mongodb+srv://')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    ADMIN_HOSTS: hostList.default(['admin.localhost']),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    ADMIN_NAME: z.string().min(1).max(100).optional(),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    TRUST_PROXY: trustProxy.optional(),
    VITE_API_BASE_URL: z.url().optional(),
    PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) origin such as https://example.com' }).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TIME_ZONE: z.string().refine(isTimeZone, 'must be an IANA time zone such as America/Denver').default('America/Denver'),
    SLACK_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
    SLACK_SIGNING_SECRET: z.string().min(1).optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'must look like smtp://user:pass@host:587')
      .optional(),
    MAIL_FROM: z.string().regex(/@/, 'must be an email address, optionally with a name: "Name <a@b.com>"').optional(),
    LEADS_NOTIFY_EMAIL: z
      .string()
      .transform((s) =>
        s
          .split(',')
          .map((e) => e.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.email('must be email addresses separated by commas')).min(1))
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required when NODE_ENV=production' });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together' });
    }
    if (env.SMTP_URL && !env.MAIL_FROM) {
      ctx.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'is required when SMTP_URL is set (the sender of email notices)' });
    }
  });

/** `publicUrl`: PUBLIC_URL without a trailing slash, or http://localhost:PORT. */
export type Config = z.infer<typeof envSchema> & { jwtSecret: string; dataDir: string; publicUrl: string };

export class ConfigError extends Error {}

/** Treats empty strings as unset, so `FOO= npm start` behaves like no FOO at all. */
function cleanEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(cleanEnv(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'environment'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  // Private to this user: it holds the database and the signing key.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  const jwtSecret = parsed.data.JWT_SECRET ?? readOrCreateSecret(path.join(dataDir, 'jwt-secret'));
  const publicUrl = (parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/+$/, '');
  return { ...parsed.data, dataDir, jwtSecret, publicUrl };
}

/** Outside production the signing key is generated once and kept, so tokens survive restarts. */
function readOrCreateSecret(file: string): string {
  if (existsSync(file)) {
    chmodSync(file, 0o600); // one written by an earlier version may be readable by others
    return readFileSync(file, 'utf8').trim();
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
