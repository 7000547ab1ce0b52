// Database access for the command-line tools: the same MONGODB_URI / DATA_DIR as the server.
// While a server runs on that DATA_DIR its embedded database is reused; otherwise one is
// started for the length of the command.
import { ConfigError, loadConfig, type Config } from '../server/config.ts';
import { connectDatabase } from '../server/db.ts';

export async function withDatabase<T>(fn: (config: Config) => Promise<T>): Promise<T> {
  // Commands must not need JWT_SECRET even with NODE_ENV=production in the shell; they do need the
  // production data key, or they would write fields no server can read.
  if (process.env.NODE_ENV === 'production' && !process.env.DATA_ENCRYPTION_KEY) {
    throw new ConfigError('Invalid configuration:\n  DATA_ENCRYPTION_KEY: is required when NODE_ENV=production');
  }
  const config = loadConfig({ ...process.env, NODE_ENV: 'development', LOG_LEVEL: process.env.LOG_LEVEL || 'warn' });
  const db = await connectDatabase({ mongodbUri: config.MONGODB_URI, dataDir: config.dataDir });
  try {
    return await fn(config);
  } finally {
    await db.close();
  }
}
