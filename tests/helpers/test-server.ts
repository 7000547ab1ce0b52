// Starts the real Express app (API only) on a random port over a fresh embedded database.
import { afterAll, beforeAll, expect } from 'vitest';
import { loadConfig, type Config } from '../../server/config.ts';
import { createApp } from '../../web/app.ts';
import { StaffModel, hashPassword } from '../../models/staff/accounts.ts';
import { signStaffToken } from '../../server/tokens.ts';
import { startTestDatabase, type TestDatabase } from './test-db.ts';
import { listenLocally } from './listen.ts';
import { trpcClient, type LeadsPageInput } from './trpc-client.ts';

export interface TestServer {
  url: string;
  config: Config;
  db: TestDatabase;
  /** fetch against the server, JSON in and out. */
  api(
    method: string,
    path: string,
    opts?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  stop(): Promise<void>;
}

/** What the app is built with besides its configuration (pages are never rendered here). */
type AppOptions = Omit<NonNullable<Parameters<typeof createApp>[1]>, 'ssr'>;

export async function startTestServer(env: Record<string, string> = {}, appOptions: AppOptions = {}): Promise<TestServer> {
  const db = await startTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: db.dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    // Beside the data folder, never inside it (nor in the developer's ~/.config).
    KEY_FILE: `${db.dataDir}.keys.json`,
    // Production takes the data key from the environment only.
    ...(env.NODE_ENV === 'production' ? { DATA_ENCRYPTION_KEY: Buffer.alloc(32, 'test-data-key').toString('base64') } : {}),
    ...env,
  });
  const { app, close } = await createApp(config, { ...appOptions, ssr: false });
  const { server, url } = await listenLocally(app);
  return {
    url,
    config,
    db,
    async api(method, path, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.body !== undefined) headers['content-type'] = 'application/json';
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      const res = await fetch(url + path, {
        method,
        headers,
        body: opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON: keep the text */
      }
      return { status: res.status, body, headers: res.headers };
    },
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      await close();
      await db.stop();
    },
  };
}

/** Creates a staff account directly in the database and returns it with a valid token. */
export async function createStaffWithToken(
  server: TestServer,
  fields: { name: string; email: string; password?: string; isAgent?: boolean },
) {
  const staff = await StaffModel.create({
    name: fields.name,
    email: fields.email,
    passwordHash: await hashPassword(fields.password ?? 'correct-horse-battery'),
    isAgent: fields.isAgent ?? false,
  });
  return { staff, token: signStaffToken({ id: staff.id, tokenVersion: staff.tokenVersion }, server.config.jwtSecret) };
}

/**
 * The test file's own server for all its tests: started in beforeAll, stopped in afterAll. The
 * object stands for the server from then on, so a file needs no `let server` and no hooks of its own.
 */
export function useTestServer(env: Record<string, string> = {}, appOptions: AppOptions = {}): TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(env, appOptions);
  });
  afterAll(async () => {
    await started?.stop();
  });
  const running = () => {
    if (!started) throw new Error('The test server starts in beforeAll');
    return started;
  };
  return {
    get url() {
      return running().url;
    },
    get config() {
      return running().config;
    },
    get db() {
      return running().db;
    },
    api: (...args) => running().api(...args),
    stop: () => running().stop(),
  };
}

/** The office most lead tests need: an admin who is no agent, and agents by name (emails from their first names). */
export async function createOffice(server: TestServer, agents: string[] = ['Ben Carter', 'Stef']) {
  const admin = (await createStaffWithToken(server, { name: 'Office Admin', email: 'office@example.com' })).token;
  const tokens: Record<string, string> = {};
  for (const name of agents) {
    const email = `${name.split(' ')[0]!.toLowerCase()}@example.com`;
    tokens[name] = (await createStaffWithToken(server, { name, email, isAgent: true })).token;
  }
  return { admin, agents: tokens };
}

/**
 * A server of the file's own with the office of `createOffice` made before its tests, and the console's
 * procedures signed in as its admin (`office.admin`, the token, read inside the tests).
 */
export function useOfficeAdminClient() {
  const server = useTestServer();
  const office = { admin: '' };
  beforeAll(async () => {
    office.admin = (await createOffice(server)).admin;
  });
  const client = () => trpcClient(server.url, office.admin);
  const leadsPage = (input: LeadsPageInput) => client().leads.page.query(input);
  return { server, office, client, leadsPage };
}

/** The office of `createOffice` with the agent Ben Carter only, made before the file's tests; read its tokens inside them. */
export function useOfficeWithBen(server: TestServer): { admin: string; ben: string } {
  const office = { admin: '', ben: '' };
  beforeAll(async () => {
    const made = await createOffice(server, ['Ben Carter']);
    office.admin = made.admin;
    office.ben = made.agents['Ben Carter']!;
  });
  return office;
}

/** Adds a lead as staff over REST (`POST /api/admin/leads`), which must answer 201; answers its id. */
export async function addLeadOverRest(server: TestServer, token: string, body: { name: string; email: string; phone: string }) {
  const res = await server.api('POST', '/api/admin/leads', { token, body });
  expect(res.status).toBe(201);
  return res.body.leadId as string;
}

/** `createOffice` with the agents Ben and Stef, its admin made an admin of the console too (isAdmin). */
export async function createOfficeWithAdmin(server: TestServer) {
  const office = await createOffice(server, ['Ben', 'Stef']);
  await StaffModel.updateOne({ email: 'office@example.com' }, { $set: { isAdmin: true } });
  return { admin: office.admin, ben: office.agents.Ben!, stef: office.agents.Stef! };
}

/**
 * Keeps the embedded database down: kills its engine now and every 50 ms, as its supervisor restarts it.
 * Stop with clearInterval on the answer.
 */
export function keepDatabaseDown(server: TestServer): ReturnType<typeof setInterval> {
  return setInterval(() => {
    try {
      process.kill(server.db.embedded.pid()!, 'SIGKILL');
    } catch {
      /* between restarts */
    }
  }, 50);
}
