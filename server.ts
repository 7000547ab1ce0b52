// Composes the product: configuration, database, application, and a graceful shutdown.
import { ConfigError, loadConfig } from './server/config.ts';
import { connectDatabase } from './server/db.ts';
import { EmbeddedDbError } from './server/embedded-db.ts';
import { createApp } from './server/app.ts';
import { logger } from './server/logger.ts';

async function main() {
  const config = loadConfig();
  const db = await connectDatabase({ mongodbUri: config.MONGODB_URI, dataDir: config.dataDir });
  logger.info({ database: config.MONGODB_URI ? 'MONGODB_URI' : 'embedded FerretDB' }, 'database connected');

  const { app, close: closeApp } = await createApp(config, { built: process.argv.includes('--built') });
  const server = app.listen(config.PORT, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    console.log(`Listening on http://localhost:${port}`);
  });

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('in-flight requests did not finish in 10s; exiting');
      process.exit(1);
    }, 10_000);
    // Stop accepting, let in-flight requests finish, then close the database.
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    await closeApp();
    await db.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof EmbeddedDbError) {
    console.error(err.message);
  } else {
    console.error('Failed to start:', err instanceof Error ? err.message : err);
  }
  process.exit(1);
});
