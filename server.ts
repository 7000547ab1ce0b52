// Composes the product: configuration, database, the web application, the notification worker, and a graceful shutdown.
// First: it sets V8's heap flags before the heap holds anything.
import { collectWhenQuiet } from './server/memory-mode.ts';
import { ConfigError, loadConfig, type Config } from './server/config.ts';
import { connectDatabase } from './server/db.ts';
import { EmbeddedDbError } from './server/embedded-db-build.ts';
import { createApp } from './web/app.ts';
import { logger } from './server/logger.ts';
import { countStaff, duplicateStaffNames, ensureAdminAccount } from './models/staff';
import { flushVisits } from './models/visits';
import { upgradeLeadStorage } from './models/leads';
import { dropActivityCopies } from './models/activity';
import { walkSealedFields } from './models/flows';
import { endLiveStreams } from './routers/live.ts';
import { startNotifier } from './notify/worker.ts';
import { startEscalationJob } from './notify/escalation-job.ts';
import { drainable } from './web/drain.ts';
import http from 'node:http';

async function main() {
  const config = loadConfig();
  const db = await connectDatabase({ mongodbUri: config.MONGODB_URI, dataDir: config.dataDir });
  logger.info({ database: config.MONGODB_URI ? 'MONGODB_URI' : 'embedded FerretDB' }, 'database connected');
  await prepareStaff(config);
  // The leads are read through their indexes; a folder written before drops its kept copies and builds
  // them once (docs/decisions/004-lead-read-model.md).
  await upgradeLeadStorage();
  await dropActivityCopies(); // copies of the activity log older versions kept (a few cheap calls once dropped)

  const { listener, close: closeApp } = await createApp(config, { built: process.argv.includes('--built') });
  // Sends the outbox's notices (Slack, email, reminders) beside the app; the escalation ladder, which
  // queues more of them, runs as a job of its own.
  const notifier = startNotifier(config);
  const escalation = startEscalationJob();
  // When the port cannot be taken the start fails, loudly; a server error after that is logged.
  let listening = false;
  const server = http.createServer(listener);
  server.on('error', (err) => (listening ? logger.error({ err }, 'server error') : void failToListen(err)));
  server.listen(config.PORT, () => {
    listening = true;
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    console.log(`Listening on http://localhost:${port}`);
    // Medical details and notes stored in plain text before encryption are sealed once, after listening
    // so the start does not grow with the data (reads open a plain value as it is meanwhile).
    walkSealedFields('plain').then(
      (sealed) => sealed && logger.info({ sealed }, 'plain medical details and notes encrypted'),
      (err: unknown) => logger.error({ err }, 'encrypting plain values failed'),
    );
  });

  const failToListen = async (err: Error) => {
    const inUse = (err as NodeJS.ErrnoException).code === 'EADDRINUSE';
    console.error(`Failed to start: ${inUse ? `port ${config.PORT} is in use by another program; stop it or set PORT` : err.message}`);
    await escalation.stop();
    await notifier.stop();
    await closeApp();
    await db.close();
    process.exit(1);
  };
  const drain = drainable(server);
  // One collection once the server is quiet after a burst of work (server/memory-mode.ts).
  const stopCollecting = collectWhenQuiet();

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    // As long as a container platform's usual grace period: a full lead list at 100,000 leads streams for seconds.
    const force = setTimeout(() => {
      logger.error('in-flight requests did not finish in 30s; exiting');
      process.exit(1);
    }, 30_000);
    // End the consoles' live streams, drain, stop accepting, let in-flight requests finish, then close the database.
    endLiveStreams();
    stopCollecting();
    await drain();
    await escalation.stop();
    await notifier.stop();
    await closeApp();
    // Visits acknowledged with 204 but still queued are written before the database closes.
    await flushVisits().catch((err) => logger.error({ err }, 'could not write queued visits'));
    await db.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** Creates or updates the ADMIN_* account; with no staff at all, says how to create the first one. */
async function prepareStaff(config: Config) {
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const { created, passwordChanged, passwordKept } = await ensureAdminAccount({
      email: config.ADMIN_EMAIL,
      password: config.ADMIN_PASSWORD,
      name: config.ADMIN_NAME,
    });
    logger.info({ email: config.ADMIN_EMAIL.toLowerCase(), created, passwordChanged }, 'admin account from ADMIN_EMAIL ready');
    if (passwordKept)
      logger.warn('the ADMIN_EMAIL account changed its password since ADMIN_PASSWORD was applied; ADMIN_PASSWORD is ignored');
  } else if ((await countStaff()) === 0) {
    console.log(
      [
        'No staff accounts exist yet, so nobody can sign in to the admin console. Create the first one with',
        '  npm run staff -- add --name "Your Name" --email you@example.com --password "a long passphrase"',
        'or start the server with ADMIN_EMAIL, ADMIN_PASSWORD (and ADMIN_NAME) set.',
      ].join('\n'),
    );
  }
  // Claims and figures key on the agent's name: two accounts of one name share them until one is renamed.
  for (const { name, emails } of await duplicateStaffNames())
    logger.warn({ name, emails }, 'several staff accounts carry this name; rename all but one (npm run staff -- add with the same email)');
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof EmbeddedDbError) {
    console.error(err.message);
  } else {
    console.error('Failed to start:', err instanceof Error ? err.message : err);
  }
  process.exit(1);
});
