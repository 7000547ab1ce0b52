// One Mongoose connection for the whole process: the configured MongoDB, or the embedded FerretDB.
import mongoose from 'mongoose';
import { startEmbeddedDb, type EmbeddedDb } from './embedded-db.ts';
import { logger } from './logger.ts';

const DB_NAME = 'brokerage';

// Request input reaches queries only through zod schemas of plain strings and numbers, so
// operator payloads such as {"$gt": ""} are refused at the edge; strictQuery drops unknown paths.
mongoose.set('strictQuery', true);

export interface Database {
  uri: string;
  embedded?: EmbeddedDb;
  close(): Promise<void>;
}

export async function connectDatabase(opts: { mongodbUri?: string; dataDir: string }): Promise<Database> {
  const embedded = opts.mongodbUri ? undefined : await startEmbeddedDb(opts.dataDir);
  const uri = opts.mongodbUri ?? `${embedded!.uri.replace(/\/$/, '')}/${DB_NAME}`;
  try {
    await mongoose.connect(uri, {
      serverSelectionTimeoutMS: 5000,
      // Requests fail fast (503) while the database is away instead of queueing forever.
      bufferCommands: false,
    });
  } catch (err) {
    await embedded?.stop();
    throw err;
  }
  mongoose.connection.on('disconnected', () => logger.warn('database disconnected'));
  mongoose.connection.on('reconnected', () => logger.info('database reconnected'));
  // Indexes are declared on the models; make sure they exist before serving.
  await Promise.all(Object.values(mongoose.models).map((m) => m.init()));
  return {
    uri,
    embedded,
    async close() {
      mongoose.connection.removeAllListeners('disconnected'); // an intended close is not news
      await mongoose.disconnect();
      await embedded?.stop();
    },
  };
}

/** True when the database answers a ping within two seconds. */
export async function isDatabaseUp(): Promise<boolean> {
  const db = mongoose.connection.db;
  if (!db) return false;
  try {
    await Promise.race([
      db.admin().ping(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('ping timeout')), 2000)),
    ]);
    return true;
  } catch {
    return false;
  }
}
