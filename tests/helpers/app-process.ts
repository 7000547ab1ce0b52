// A second app server in a process of its own over a given database (MONGODB_URI), started the way
// server.ts starts one: older lead storage upgraded, then the API listening with its notification worker
// beside it. Prints `LISTENING <port>` once it serves (and `CHECKED` with it, which older callers wait
// for); SIGTERM drains and stops.
import type { AddressInfo } from 'node:net';
import mongoose from 'mongoose';
import { loadConfig } from '../../server/config.ts';
import { createApp } from '../../web/app.ts';
import { startNotifier } from '../../notify/worker.ts';
import { startEscalationJob } from '../../notify/escalation-job.ts';
import { upgradeLeadStorage } from '../../models/leads';

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: '1', ...process.env });
await mongoose.connect(config.MONGODB_URI!, { serverSelectionTimeoutMS: 5000, bufferCommands: false });
await upgradeLeadStorage();
const { app, close } = await createApp(config, { ssr: false });
// Its notification worker and escalation job, as server.ts's.
const notifier = startNotifier(config);
const escalation = startEscalationJob();
const server = app.listen(0, '127.0.0.1', () => {
  console.log(`LISTENING ${(server.address() as AddressInfo).port}`);
  console.log('CHECKED');
});
process.on('SIGTERM', () => {
  server.close(async () => {
    await escalation.stop();
    await notifier.stop();
    await close();
    await mongoose.disconnect();
    process.exit(0);
  });
});
