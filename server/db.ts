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
      // The embedded engine is on a local socket: if it is not there within 2 s it is down, not slow.
      serverSelectionTimeoutMS: embedded ? 2000 : 5000,
      // Requests fail fast (503) while the database is away instead of queueing forever.
      bufferCommands: false,
    });
  } catch (err) {
    await embedded?.stop();
    throw err;
  }
  mongoose.connection.on('disconnected', () => {
    away = true;
    logger.warn('database disconnected');
  });
  mongoose.connection.on('reconnected', () => logger.info('database reconnected'));
  // Indexes are declared on the models; make sure they exist before serving.
  await Promise.all(Object.values(mongoose.models).map((m) => m.init()));
  engine = embedded;
  const watch = watchDatabase();
  return {
    uri,
    embedded,
    async close() {
      clearInterval(watch);
      mongoose.connection.removeAllListeners('disconnected'); // an intended close is not news
      await mongoose.disconnect();
      await embedded?.stop();
    },
  };
}

let away = false;
let engine: EmbeddedDb | undefined;
/** The embedded engine's process is gone (its supervisor starts it again a second later). */
const engineGone = () => engine !== undefined && engine.pid() === undefined;
/**
 * True while the latest background ping failed, the driver lost the server, or the embedded engine's
 * process is gone: requests then get 503 at once instead of waiting for the driver.
 */
export const databaseAway = () => away || engineGone();

/**
 * Pings twice a second, so a dead database is known within about a second. Only a refused or broken
 * connection counts: a slow answer is a busy database, and its requests should wait, not fail.
 */
function watchDatabase(): NodeJS.Timeout {
  let pinging = false;
  const timer = setInterval(() => {
    const db = mongoose.connection.db;
    if (pinging || !db) return;
    pinging = true;
    let timeout: NodeJS.Timeout | undefined;
    void Promise.race([
      db
        .admin()
        .ping()
        .then(() => 'up' as const),
      new Promise<'slow'>((r) => (timeout = setTimeout(() => r('slow'), 1000))),
    ])
      .catch(() => 'down' as const)
      .then((result) => {
        // Away stays away until a ping answers; a slow ping with the engine's process gone is a dead one.
        away = result !== 'up' && (away || result === 'down' || engineGone());
      })
      .finally(() => {
        clearTimeout(timeout);
        pinging = false;
      });
  }, 500);
  timer.unref();
  return timer;
}

/** True when the database answers a ping within two seconds. */
export async function isDatabaseUp(timeoutMs = 2000): Promise<boolean> {
  const db = mongoose.connection.db;
  if (!db) return false;
  try {
    await Promise.race([db.admin().ping(), new Promise((_, reject) => setTimeout(() => reject(new Error('ping timeout')), timeoutMs))]);
    away = false; // health and the data routes agree the moment it answers
    return true;
  } catch {
    return false;
  }
}
