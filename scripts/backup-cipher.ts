// The encryption of backup files as a whole: one header line naming the format, the data key's id
// and the IV, then the gzip stream encrypted with AES-256-GCM under that data key (streamed), then
// the 16-byte authentication tag. A restore needs the key file or DATA_ENCRYPTION_KEY (or
// DATA_ENCRYPTION_OLD_KEYS) that holds that key; a copy of the backup alone reveals nothing.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { createReadStream } from 'node:fs';
import { currentKey, keyById } from '../server/field-crypto.ts';

const MAGIC = 'brokerage-backup-aes-256-gcm v1';
const TAG_BYTES = 16;

export class BackupKeyError extends Error {}

/** The header line to write first, and the cipher the gzip stream goes through. */
export function backupCipher() {
  const { kid, key } = currentKey();
  const iv = randomBytes(12);
  const header = Buffer.from(`${MAGIC} ${kid} ${iv.toString('base64url')}\n`);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(header);
  /** Passes the ciphertext on and appends the tag once the cipher has ended. */
  async function* withTag(source: AsyncIterable<Buffer>) {
    for await (const chunk of source) yield chunk;
    yield cipher.getAuthTag();
  }
  return { header, cipher, withTag };
}

/** The first line of a file (up to 200 bytes), or null when it has none. */
function firstLine(file: string): Buffer | null {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(200);
    const n = readSync(fd, buf, 0, buf.length, 0);
    const end = buf.subarray(0, n).indexOf(0x0a);
    return end < 0 ? null : buf.subarray(0, end + 1);
  } finally {
    closeSync(fd);
  }
}

/** True for a file this module wrote (older backups are plain gzip). */
export function isEncryptedBackup(file: string): boolean {
  return (
    firstLine(file)
      ?.toString('latin1')
      .startsWith(MAGIC + ' ') ?? false
  );
}

/**
 * The decrypted gzip stream of an encrypted backup. A wrong key or a changed byte makes the stream
 * fail at its end (GCM's tag), before the caller changes anything.
 */
export function decryptedBackup(file: string): Readable {
  const header = firstLine(file)!;
  const [, , kid = '', iv = ''] = header.toString('latin1').trim().split(' ');
  const entry = keyById(kid);
  if (!entry) {
    throw new BackupKeyError(
      `${file} is encrypted with data key ${kid}, which this machine's keys do not hold. Set KEY_FILE to the key file of the ` +
        'server that made it (or DATA_ENCRYPTION_KEY / DATA_ENCRYPTION_OLD_KEYS to its key) and run again.',
    );
  }
  const size = statSync(file).size;
  if (size < header.length + TAG_BYTES) throw new BackupKeyError(`${file} is incomplete: it was cut short.`);
  const tag = Buffer.alloc(TAG_BYTES);
  const fd = openSync(file, 'r');
  readSync(fd, tag, 0, TAG_BYTES, size - TAG_BYTES);
  closeSync(fd);
  const decipher = createDecipheriv('aes-256-gcm', entry.key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(header);
  decipher.setAuthTag(tag);
  const body = createReadStream(file, { start: header.length, end: size - TAG_BYTES - 1 });
  body.on('error', (err) => decipher.destroy(err));
  return body.pipe(decipher);
}
