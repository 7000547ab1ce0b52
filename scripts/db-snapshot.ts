// Backup files of the whole database: every collection with its indexes and documents, as gzipped
// lines of canonical Extended JSON (ObjectIds, dates and number types come back exactly), encrypted
// as a whole with the data key (scripts/backup-cipher.ts), written privately and renamed into place
// only when complete. Used by db-backup.ts and db-restore.ts.
import { once } from 'node:events';
import { createReadStream, createWriteStream, renameSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import mongoose from 'mongoose';
import { BackupKeyError, backupCipher, decryptedBackup, isEncryptedBackup } from './backup-cipher.ts';

const { EJSON } = mongoose.mongo.BSON;
type Db = mongoose.mongo.Db;
type Doc = mongoose.mongo.Document;

const FORMAT = 'brokerage-backup';
const line = (v: unknown) => EJSON.stringify(v, { relaxed: false }) + '\n';

export class BackupError extends Error {}

/** The collections that hold data (not the server's own system collections). */
async function dataCollections(db: Db): Promise<string[]> {
  const all = await db.listCollections({}, { nameOnly: true }).toArray();
  return all
    .map((c) => c.name)
    .filter((n) => !n.startsWith('system.'))
    .sort();
}

/**
 * Writes every collection to `file`. The embedded engine holds all writes while it reads (its
 * proxy answers MongoDB's fsync lock), so the file is one moment of the database; writes sent
 * meanwhile wait and then run. On a replica set or sharded MongoDB the reads share one snapshot
 * (a snapshot session); a standalone MongoDB gives no cross-collection snapshot.
 */
export async function writeBackup(
  db: Db,
  file: string,
  embedded: boolean,
): Promise<{ counts: Record<string, number>; consistent: boolean }> {
  const client = db.client;
  let session: mongoose.mongo.ClientSession | undefined;
  if (embedded) {
    await client.db('admin').command({ fsync: 1, lock: true });
  } else {
    const hello = await client.db('admin').command({ hello: 1 });
    if (hello.setName || hello.msg === 'isdbgrid') session = client.startSession({ snapshot: true });
  }
  const tmp = `${file}.${process.pid}.partial`;
  const gzip = createGzip();
  const { header: cipherHeader, cipher, withTag } = backupCipher();
  const sink = createWriteStream(tmp, { mode: 0o600 });
  sink.write(cipherHeader);
  const out = pipeline(gzip, cipher, withTag, sink);
  const write = async (text: string) => {
    if (!gzip.write(text)) await once(gzip, 'drain');
  };
  const counts: Record<string, number> = {};
  try {
    await write(
      line({ format: FORMAT, version: 1, createdAt: new Date(), database: db.databaseName, engine: embedded ? 'embedded' : 'mongodb' }),
    );
    for (const name of await dataCollections(db)) {
      const indexes = (await db.collection(name).listIndexes().toArray())
        .filter((i) => i.name !== '_id_')
        .map(({ v: _v, ns: _ns, ...spec }) => spec);
      await write(line({ collection: name, indexes }));
      counts[name] = 0;
      for await (const doc of db.collection(name).find({}, { session, batchSize: 1000 })) {
        await write(line({ d: doc }));
        counts[name]++;
      }
    }
    await write(line({ end: true, counts }));
    gzip.end();
    await out;
    renameSync(tmp, file);
  } catch (err) {
    gzip.destroy();
    await out.catch(() => undefined);
    rmSync(tmp, { force: true });
    throw err;
  } finally {
    await session?.endSession();
    if (embedded) await client.db('admin').command({ fsyncUnlock: 1 });
  }
  return { counts, consistent: embedded || session !== undefined };
}

interface Section {
  collection: string;
  indexes: Doc[];
  docs: Doc[];
}

/** Reads a whole backup file, refusing one that is not a complete backup of this format. */
export async function readBackup(file: string): Promise<{ createdAt: Date; sections: Section[] }> {
  // Backups made before encryption are plain gzip: still restorable.
  const raw = isEncryptedBackup(file) ? decryptedBackup(file) : createReadStream(file);
  const gunzip = createGunzip();
  raw.on('error', (err: Error) => gunzip.destroy(err));
  const lines = createInterface({ input: raw.pipe(gunzip), crlfDelay: Infinity });
  const sections: Section[] = [];
  let header: Doc | undefined;
  let end: Doc | undefined;
  try {
    for await (const text of lines) {
      if (!text) continue;
      const v = EJSON.parse(text, { relaxed: false }) as Doc;
      if (!header) {
        if (v.format !== FORMAT) throw new BackupError(`${file} is not a backup made by npm run db:backup.`);
        header = v;
      } else if (v.d !== undefined) {
        if (!sections.length || end) throw new BackupError(`${file} is damaged (a document outside a collection).`);
        sections[sections.length - 1].docs.push(v.d as Doc);
      } else if (typeof v.collection === 'string') {
        sections.push({ collection: v.collection, indexes: (v.indexes as Doc[]) ?? [], docs: [] });
      } else if (v.end) {
        end = v;
      }
    }
  } catch (err) {
    if (err instanceof BackupError || err instanceof BackupKeyError) throw err;
    throw new BackupError(`${file} cannot be read as a backup: ${(err as Error).message}`);
  }
  if (!header || !end) throw new BackupError(`${file} is incomplete (no end marker): it was cut short.`);
  for (const s of sections) {
    // Parsed canonically, numbers are Int32 objects: compare their values.
    if (Number((end.counts as Record<string, unknown>)[s.collection]) !== s.docs.length)
      throw new BackupError(`${file} is damaged: ${s.collection} does not have the documents it lists.`);
  }
  return { createdAt: header.createdAt as Date, sections };
}

/** Collections that hold documents now, with their counts. */
export async function existingData(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const name of await dataCollections(db)) {
    const n = await db.collection(name).countDocuments();
    if (n > 0) out[name] = n;
  }
  return out;
}

/** Replaces the database's collections with the backup's (the caller has checked it may). */
export async function restoreBackup(db: Db, sections: Section[]): Promise<Record<string, number>> {
  for (const name of await dataCollections(db)) await db.collection(name).drop();
  const counts: Record<string, number> = {};
  for (const s of sections) {
    const c = await db.createCollection(s.collection);
    if (s.indexes.length) await c.createIndexes(s.indexes as mongoose.mongo.IndexDescription[]);
    for (let i = 0; i < s.docs.length; i += 500) await c.insertMany(s.docs.slice(i, i + 500), { ordered: true });
    counts[s.collection] = s.docs.length;
  }
  return counts;
}
