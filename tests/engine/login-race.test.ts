// Sign-in limits under parallel and batched attack, against the real embedded database: one
// request carrying 100 batched sign-ins, 100 wrong passwords sent at once for one account, and 30
// sent at once from 30 addresses (one guess at a time per account, models/auth/account-turn.ts).
// The server runs in this process, so the test reads how many password checks it really ran.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffWithToken, startTestServer, type TestServer } from '../helpers/test-server.ts';
import { passwordCheckCount } from '../../models/staff/accounts.ts';
import { ACCOUNT_FREE_FAILURES } from '../../models/auth/account-turn.ts';

let server: TestServer;
beforeAll(async () => {
  // One proxy hop: each scenario comes from an address of its own, as the proxy reports it.
  server = await startTestServer({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await server?.stop();
});

const ROUNDS = Number(process.env.RACE_ROUNDS ?? 30);
const CALLS = 100;
let addressNo = 0;
const newAddress = () => `203.0.113.${++addressNo}`;

function restLogin(email: string, password: string, ip: string) {
  return server.api('POST', '/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': ip } });
}

/** One HTTP request with `n` auth.login calls, as tRPC's batch link sends them. */
function batchedLogin(email: string, n: number, ip: string) {
  const paths = Array.from({ length: n }, () => 'auth.login').join(',');
  const body = Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i), { json: { email, password: `guess-${i}` } }]));
  return server.api('POST', `/trpc/${paths}?batch=1`, { body, headers: { 'x-forwarded-for': ip } });
}

describe('sign-in under parallel and batched attack', () => {
  it(
    `runs at most 2 password checks for ${CALLS} batched and ${CALLS} parallel guesses, ${ROUNDS} times`,
    { timeout: 600_000 },
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const email = `race-${round}@example.com`;
        await createStaffWithToken(server, { name: 'Race Target', email, password: 'the-right-password' });
        const ip = newAddress();

        // 100 calls in one request: refused whole, in tRPC's error shape, before any password check.
        const before = passwordCheckCount();
        const batch = await batchedLogin(email, CALLS, ip);
        expect(batch.status).toBe(400);
        expect(JSON.stringify(batch.body)).toContain('Batch call exceeds maximum size');
        expect(JSON.stringify(batch.body)).not.toMatch(/stack|\.ts\b/);
        // A batch small enough to pass the size limit still cannot carry sign-ins.
        const small = await batchedLogin(email, 3, ip);
        expect(small.status).toBe(400);
        expect(small.body).toHaveLength(3);
        for (const answer of small.body)
          expect(answer.error.json.message).toBe('Sign-in requests cannot be batched. Send each one on its own.');
        expect(passwordCheckCount() - before).toBe(0);

        // 100 wrong passwords at once: one (two at most) gets a password check, the rest 429 with Retry-After.
        const answers = await Promise.all(Array.from({ length: CALLS }, (_, i) => restLogin(email, `wrong-${i}`, ip)));
        const checked = passwordCheckCount() - before;
        expect(checked).toBeGreaterThanOrEqual(1);
        expect(checked).toBeLessThanOrEqual(2);
        const statuses = answers.map((a) => a.status).sort();
        expect(statuses.filter((s) => s === 401)).toHaveLength(checked);
        expect(statuses.filter((s) => s === 429)).toHaveLength(CALLS - checked);
        for (const a of answers.filter((x) => x.status === 429)) expect(Number(a.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      }
    },
  );

  it('evaluates at most 2 of 30 parallel wrong passwords from 30 addresses, fresh or after failures', async () => {
    for (const priorFailures of [0, ACCOUNT_FREE_FAILURES]) {
      const email = `parallel-${priorFailures}@example.com`;
      await createStaffWithToken(server, { name: 'Parallel Target', email, password: 'parallel-password-1' });
      for (let i = 0; i < priorFailures; i++) expect((await restLogin(email, `g-${i}`, newAddress())).status).toBe(401);
      const before = passwordCheckCount();
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => restLogin(email, `wrong-${i}`, newAddress())));
      const evaluated = answers.filter((a) => a.status === 401).length;
      expect(evaluated).toBeGreaterThanOrEqual(1);
      expect(evaluated).toBeLessThanOrEqual(2);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(30 - evaluated);
      expect(passwordCheckCount() - before).toBe(evaluated);
    }
  });

  it('lets two right sign-ins of a clean account at once both in', async () => {
    await createStaffWithToken(server, { name: 'Two Tabs', email: 'tabs@example.com', password: 'tabs-password-1' });
    const answers = await Promise.all([0, 1, 2].map(() => restLogin('tabs@example.com', 'tabs-password-1', newAddress())));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
  });

  it('gives an unknown email the same answers, so the limit reveals nothing', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => restLogin('nobody@example.com', `w-${i}`, newAddress())));
    const evaluated = answers.filter((a) => a.status === 401).length;
    expect(evaluated).toBeGreaterThanOrEqual(1);
    expect(evaluated).toBeLessThanOrEqual(2);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(30 - evaluated);
  });

  it('makes a guesser who rotates addresses wait longer and longer, while the owner gets in after the wait', async () => {
    await createStaffWithToken(server, { name: 'Rotated Target', email: 'rotated@example.com', password: 'rotated-password-1' });
    for (let i = 0; i <= ACCOUNT_FREE_FAILURES; i++)
      expect((await restLogin('rotated@example.com', `g-${i}`, newAddress())).status).toBe(401);
    // Six failures: the next attempt, from anywhere, is answered 429 until the wait is over.
    const early = await restLogin('rotated@example.com', 'rotated-password-1', newAddress());
    expect(early.status).toBe(429);
    const wait = Number(early.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    await new Promise((r) => setTimeout(r, wait * 1000));
    expect((await restLogin('rotated@example.com', 'still-wrong', newAddress())).status).toBe(401);
    // Seven failures: a longer wait.
    const later = await restLogin('rotated@example.com', 'rotated-password-1', newAddress());
    expect(later.status).toBe(429);
    await new Promise((r) => setTimeout(r, Number(later.headers.get('retry-after')) * 1000));
    const owner = await restLogin('rotated@example.com', 'rotated-password-1', newAddress());
    expect(owner.status).toBe(200);
    expect(owner.body.user).toEqual({ name: 'Rotated Target', email: 'rotated@example.com' });
    // The owner's success starts the account afresh.
    expect((await restLogin('rotated@example.com', 'rotated-password-1', newAddress())).status).toBe(200);
  });
});
