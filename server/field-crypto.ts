// Encryption of single fields at rest (medical details, notes): AES-256-GCM through node:crypto.
// A stored value reads `enc:v1:<key id>:<iv>:<tag>:<ciphertext>` (base64url parts), so keys can rotate:
// the key ring holds the current key (encrypts) and older ones (decrypt only, until a rotation ends).
// The ring comes from the environment or the key file (server/key-file.ts); a key file is re-read
// when it changes, so `npm run keys:rotate` reaches a running server without a restart.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { parseDataKey, readKeyFile, type DataKey } from './key-file.ts';

const PREFIX = 'enc:v1:';

export type KeySource = { kind: 'env'; current: string; old: string[] } | { kind: 'file'; file: string };

interface Ring {
  current: DataKey;
  byKid: Map<string, DataKey>;
  /** Keys kept only to restore backups made before a rotation. */
  retired: Map<string, DataKey>;
}

let source: KeySource | undefined;
let ring: Ring | undefined;
let fileStamp = '';
let checkedAt = 0;

function build(current: string, others: string[], retired: string[] = []): Ring {
  const keys = [current, ...others].map((k, i) => parseDataKey(k, i ? 'DATA_ENCRYPTION_OLD_KEYS' : 'DATA_ENCRYPTION_KEY'));
  const old = retired.map((k) => parseDataKey(k, 'retired key'));
  return { current: keys[0]!, byKid: new Map(keys.map((k) => [k.kid, k])), retired: new Map(old.map((k) => [k.kid, k])) };
}

function stampOf(file: string): string {
  const s = statSync(file);
  return `${s.mtimeMs}:${s.size}:${s.ino}`;
}

function load(force = false): Ring {
  if (!source) throw new Error('Data encryption keys are not configured (configureDataKeys was not called)');
  if (source.kind === 'env') return (ring ??= build(source.current, source.old));
  const now = Date.now();
  if (ring && !force && now - checkedAt < 200) return ring;
  checkedAt = now;
  const stamp = stampOf(source.file);
  if (!ring || stamp !== fileStamp) {
    const c = readKeyFile(source.file);
    ring = build(c.dataKeys[0]!, c.dataKeys.slice(1), c.retired);
    fileStamp = stamp;
  }
  return ring;
}

/** Sets where the data keys come from (the server, the commands and the tests call this once at start). */
export function configureDataKeys(next: KeySource): void {
  source = next;
  ring = undefined;
  fileStamp = '';
  load();
}

export function dataKeysConfigured(): boolean {
  return source !== undefined;
}

export const isEncrypted = (v: unknown): v is string => typeof v === 'string' && v.startsWith(PREFIX);

/** The key id a stored value was encrypted with, or null for a plain value. */
export function keyIdOf(v: string): string | null {
  return isEncrypted(v) ? (v.slice(PREFIX.length).split(':')[0] ?? null) : null;
}

export function currentKey(): DataKey {
  return load().current;
}

/** Every key the ring knows, the current one first, then older and retired ones (hashes made under any of them). */
export function ringKeys(): DataKey[] {
  const r = load();
  const seen = new Map<string, DataKey>([[r.current.kid, r.current]]);
  for (const k of [...r.byKid.values(), ...r.retired.values()]) if (!seen.has(k.kid)) seen.set(k.kid, k);
  return [...seen.values()];
}

/** Any key the ring knows by id, retired ones included (for backups); re-reads the key file once. */
export function keyById(kid: string): DataKey | undefined {
  const find = (r: Ring) => r.byKid.get(kid) ?? r.retired.get(kid);
  return find(load()) ?? find(load(true));
}

export function encryptField(plain: string): string {
  const { kid, key } = load().current;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(PREFIX + kid));
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const b = (x: Buffer) => x.toString('base64url');
  return `${PREFIX}${kid}:${b(iv)}:${b(cipher.getAuthTag())}:${b(ct)}`;
}

export class FieldDecryptError extends Error {}

/** The plain text of a stored value; a value that is not encrypted (legacy, empty) comes back as is. */
export function decryptField(value: string): string {
  if (!isEncrypted(value)) return value;
  const [kid = '', iv = '', tag = '', ct = ''] = value.slice(PREFIX.length).split(':');
  const entry = keyById(kid);
  if (!entry) throw new FieldDecryptError(`A stored value is encrypted with key ${kid}, which is not in the key ring`);
  const decipher = createDecipheriv('aes-256-gcm', entry.key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(PREFIX + kid));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}

/** Encrypts a non-empty string (empty stays empty, so "has details" checks keep working); others pass. */
export function sealText<T>(v: T): T {
  return typeof v === 'string' && v !== '' && !isEncrypted(v) ? (encryptField(v) as T) : v;
}

export function openText<T>(v: T): T {
  return typeof v === 'string' ? (decryptField(v) as T) : v;
}
