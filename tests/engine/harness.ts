// The engine under test: the embedded one in a fresh DATA_DIR, or, when MONGODB_URI is set, that
// server unchanged (in a database of its own, dropped afterwards). Also the real app over it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { createApp } from '../../web/app.ts';
import { loadConfig } from '../../server/config.ts';
import { startEmbeddedDb } from '../../server/embedded-db.ts';
import { signStaffToken } from '../../server/tokens.ts';
import { StaffModel, hashPassword } from '../../models/staff/accounts.ts';
import { trpcClient } from '../helpers/trpc-client.ts';
import { listenLocally } from '../helpers/listen.ts';

export interface Engine {
  uri: string;
  dbName: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** `embedded` forces the embedded engine; `dbName` names the database (the server's own is 'brokerage'). */
export async function startEngine(opts: { embedded?: boolean; dbName?: string } = {}): Promise<Engine> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'engine-test-'));
  const dbName = opts.dbName ?? `conformance_${randomBytes(4).toString('hex')}`;
  const external = opts.embedded ? undefined : process.env.MONGODB_URI;
  const embedded = external ? undefined : await startEmbeddedDb(dataDir);
  const uri = external ?? embedded!.uri;
  return {
    uri,
    dbName,
    dataDir,
    async stop() {
      if (external) {
        const client = await new mongoose.mongo.MongoClient(uri).connect();
        await client.db(dbName).dropDatabase();
        await client.close();
      }
      await embedded?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A driver connection of its own (pool of 100), as a busy app server has. */
export async function driverDb(engine: Engine) {
  const client = await new mongoose.mongo.MongoClient(engine.uri, { maxPoolSize: 100 }).connect();
  return { db: client.db(engine.dbName), close: () => client.close() };
}

export interface AppServer {
  url: string;
  engine: Engine;
  token(name: string): Promise<string>;
  api(method: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** The typed tRPC client the console uses, signed in with `token`. */
  client(token: string): ReturnType<typeof trpcClient>;
  stop(): Promise<void>;
}

/** The product's own server (API only) over the engine under test. */
export async function startAppServer(opts: { embedded?: boolean; dbName?: string } = {}): Promise<AppServer> {
  const engine = await startEngine(opts);
  await mongoose.connect(engine.uri, { dbName: engine.dbName, serverSelectionTimeoutMS: 5000, bufferCommands: false });
  await Promise.all(Object.values(mongoose.models).map((m) => m.init()));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: engine.dataDir,
    JWT_SECRET: 'engine-secret-engine-secret-engine-0123',
  });
  const { app, close } = await createApp(config, { ssr: false });
  const { server, url } = await listenLocally(app);
  const call = async (method: string, to: string, token: string, body?: unknown) => {
    const res = await fetch(url + to, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  };
  return {
    url,
    engine,
    async token(name) {
      const staff = await StaffModel.create({
        name,
        email: `${name.toLowerCase()}@example.com`,
        passwordHash: await hashPassword('correct-horse-battery'),
        isAgent: true,
      });
      return signStaffToken({ id: staff.id, tokenVersion: staff.tokenVersion }, config.jwtSecret);
    },
    api: call,
    client: (token) => trpcClient(url, token),
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      await close();
      await mongoose.disconnect();
      await engine.stop();
    },
  };
}
