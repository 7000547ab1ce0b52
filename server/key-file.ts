// The secrets the server needs besides the database: the token signing key and the data keys that
// encrypt medical details, notes and backups. From the environment (JWT_SECRET, DATA_ENCRYPTION_KEY,
// DATA_ENCRYPTION_OLD_KEYS; production must use it) or, in the quick start, from one key file kept
// OUTSIDE DATA_DIR, so a copy of the data folder or a backup holds no secret.
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/** A data key: 32 bytes, named by a short id derived from the key itself (the same in file and env). */
export interface DataKey {
  kid: string;
  key: Buffer;
}

/** What the key file holds. `retired`: keys no field uses any more, kept only to restore old backups. */
export interface KeyFileContent {
  jwtSecret: string;
  /** Base64 keys; the first encrypts, the others only decrypt (during a rotation). */
  dataKeys: string[];
  retired?: string[];
}

export class KeyConfigError extends Error {}

export function keyId(key: Buffer): string {
  return createHash('sha256').update('brokerage-data-key:').update(key).digest('base64url').slice(0, 8);
}

export function parseDataKey(b64: string, what: string): DataKey {
  const key = Buffer.from(b64.trim(), 'base64');
  if (key.length !== 32) throw new KeyConfigError(`${what}: must be 32 bytes in base64 (openssl rand -base64 32)`);
  return { kid: keyId(key), key };
}

export const newDataKey = (): string => randomBytes(32).toString('base64');

/**
 * Where the quick start keeps its keys: the per-user config folder ($XDG_CONFIG_HOME or
 * ~/.config)/brokerage-site/, one file per data folder, named after a hash of its absolute path.
 */
export function defaultKeyFile(dataDir: string): string {
  const base = process.env.XDG_CONFIG_HOME || path.join(homedir(), '.config');
  const tag = createHash('sha256').update(dataDir).digest('hex').slice(0, 12);
  return path.join(base, 'brokerage-site', `keys-${tag}.json`);
}

/** True when `file` is `dir` itself or lies anywhere beneath it. */
function isInside(file: string, dir: string): boolean {
  const rel = path.relative(dir, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

export function resolveKeyFile(keyFile: string | undefined, dataDir: string): string {
  const file = path.resolve(keyFile ?? defaultKeyFile(dataDir));
  if (isInside(file, dataDir)) {
    throw new KeyConfigError(`KEY_FILE: must be outside DATA_DIR (${file} is inside it): a copy of the data folder must hold no secret`);
  }
  return file;
}

export function readKeyFile(file: string): KeyFileContent {
  let content: KeyFileContent;
  try {
    content = JSON.parse(readFileSync(file, 'utf8')) as KeyFileContent;
  } catch (err) {
    throw new KeyConfigError(`KEY_FILE: ${file} could not be read as JSON (${(err as Error).message})`);
  }
  if (
    typeof content.jwtSecret !== 'string' ||
    content.jwtSecret.length < 32 ||
    !Array.isArray(content.dataKeys) ||
    !content.dataKeys.length
  ) {
    throw new KeyConfigError(`KEY_FILE: ${file} lacks jwtSecret or dataKeys`);
  }
  content.dataKeys.forEach((k, i) => parseDataKey(k, `KEY_FILE dataKeys[${i}]`));
  return content;
}

/** Writes atomically (a reader never sees half a file), readable by this user only. */
export function writeKeyFile(file: string, content: KeyFileContent): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(content, null, 2) + '\n', { mode: 0o600 });
  renameSync(tmp, file);
}

/** The key file's content, generating it once when it does not exist. */
export function readOrCreateKeyFile(file: string): KeyFileContent {
  if (!existsSync(file)) {
    writeKeyFile(file, { jwtSecret: randomBytes(48).toString('base64url'), dataKeys: [newDataKey()] });
  } else if ((statSync(file).mode & 0o077) !== 0) {
    chmodSync(file, 0o600);
  }
  return readKeyFile(file);
}

/**
 * The signing key written into DATA_DIR by earlier versions is no longer trusted: anyone with a copy
 * of the folder had it. It is deleted; tokens signed with it simply stop working.
 */
export function dropLegacySecret(dataDir: string): void {
  rmSync(path.join(dataDir, 'jwt-secret'), { force: true });
}
