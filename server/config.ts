// Reads and validates every environment variable (README.md, Configuration) once, at start.
import { isIP } from 'node:net';
import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { configureDataKeys, type KeySource } from './field-crypto.ts';
import { KeyConfigError, dropLegacySecret, parseDataKey, readOrCreateKeyFile, resolveKeyFile } from './key-file.ts';

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

const is32Bytes = (k: string) => Buffer.from(k.trim(), 'base64').length === 32;

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
    DATA_ENCRYPTION_KEY: z.string().refine(is32Bytes, 'must be 32 bytes in base64 (openssl rand -base64 32)').optional(),
    DATA_ENCRYPTION_OLD_KEYS: z
      .string()
      .transform((s) =>
        s
          .split(',')
          .map((k) => k.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().refine(is32Bytes, 'must be 32-byte base64 keys separated by commas')))
      .optional(),
    KEY_FILE: z.string().min(1).optional(),
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
    // Production keeps its keys in the environment (a secret store), never in a file the app writes.
    for (const name of ['JWT_SECRET', 'DATA_ENCRYPTION_KEY'] as const) {
      if (env.NODE_ENV === 'production' && !env[name]) {
        ctx.addIssue({ code: 'custom', path: [name], message: 'is required when NODE_ENV=production' });
      }
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together' });
    }
    if (env.SMTP_URL && !env.MAIL_FROM) {
      ctx.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'is required when SMTP_URL is set (the sender of email notices)' });
    }
  });

/**
 * `publicUrl`: PUBLIC_URL without a trailing slash, or http://localhost:PORT. `keySource`: where the
 * data keys come from; `keyFile`: the key file in use (unset when the environment holds both keys).
 */
export type Config = z.infer<typeof envSchema> & {
  jwtSecret: string;
  dataDir: string;
  publicUrl: string;
  keySource: KeySource;
  keyFile?: string;
};

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
  // Private to this user: it holds the database (its keys live elsewhere: see loadKeys).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  const { jwtSecret, keySource, keyFile } = loadKeys(parsed.data, dataDir);
  const publicUrl = (parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/+$/, '');
  return { ...parsed.data, dataDir, jwtSecret, publicUrl, keySource, keyFile };
}

/**
 * The signing key and the data keys: from the environment when set, otherwise from the key file
 * (generated once, outside DATA_DIR). Also makes them the process's data keys (server/field-crypto.ts).
 */
function loadKeys(env: z.infer<typeof envSchema>, dataDir: string) {
  dropLegacySecret(dataDir);
  try {
    let keyFile: string | undefined;
    let jwtSecret = env.JWT_SECRET;
    let keySource: KeySource | undefined;
    if (env.DATA_ENCRYPTION_KEY) {
      keySource = { kind: 'env', current: env.DATA_ENCRYPTION_KEY, old: env.DATA_ENCRYPTION_OLD_KEYS ?? [] };
      parseDataKey(env.DATA_ENCRYPTION_KEY, 'DATA_ENCRYPTION_KEY');
    }
    if (!jwtSecret || !keySource) {
      keyFile = resolveKeyFile(env.KEY_FILE, dataDir);
      const content = readOrCreateKeyFile(keyFile);
      jwtSecret ??= content.jwtSecret;
      keySource ??= { kind: 'file', file: keyFile };
    }
    configureDataKeys(keySource);
    return { jwtSecret, keySource, keyFile };
  } catch (err) {
    if (err instanceof KeyConfigError) throw new ConfigError(`Invalid configuration:\n  ${err.message}`);
    throw err;
  }
}
