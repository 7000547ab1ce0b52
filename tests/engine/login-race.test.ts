// Sign-in limits under parallel and batched attack, against the real embedded database: one
// request carrying 100 batched sign-ins, and 100 wrong passwords sent at once, for one account.
// The server runs in this process, so the test reads how many password checks it really ran.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffWithToken, startTestServer, type TestServer } from '../helpers/test-server.ts';
import { passwordCheckCount } from '../../models/staff.ts';
import { ACCOUNT_ATTEMPTS } from '../../models/login-throttle.ts';

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
    `runs exactly ${ACCOUNT_ATTEMPTS} password checks for ${CALLS} batched and ${CALLS} parallel guesses, ${ROUNDS} times`,
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

        // 100 wrong passwords at once: exactly five get a password check, the rest 429.
        const answers = await Promise.all(Array.from({ length: CALLS }, (_, i) => restLogin(email, `wrong-${i}`, ip)));
        expect(passwordCheckCount() - before).toBe(ACCOUNT_ATTEMPTS);
        const statuses = answers.map((a) => a.status).sort();
        expect(statuses.filter((s) => s === 401)).toHaveLength(ACCOUNT_ATTEMPTS);
        expect(statuses.filter((s) => s === 429)).toHaveLength(CALLS - ACCOUNT_ATTEMPTS);
        // And then even the right password from that address waits out the window, unchecked.
        const locked = await restLogin(email, 'the-right-password', ip);
        expect(locked.status).toBe(429);
        expect(locked.body.error).toMatch(/^Too many failed sign-in attempts\. Please try again in 1[45] minutes\.$/);
        expect(passwordCheckCount() - before).toBe(ACCOUNT_ATTEMPTS);
      }
    },
  );

  it('lets the owner in from another address while a stranger is locked out', async () => {
    await createStaffWithToken(server, { name: 'Staff Member', email: 'owner@example.com', password: 'owner-password-1' });
    const stranger = newAddress();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => restLogin('owner@example.com', `guess-${i}`, stranger)));
    expect(answers.filter((a) => a.status === 401)).toHaveLength(ACCOUNT_ATTEMPTS);
    expect((await restLogin('owner@example.com', 'owner-password-1', stranger)).status).toBe(429);

    // The owner, elsewhere, gets in (after a short delay that grows with the stranger's failures).
    const started = performance.now();
    const owner = await restLogin('owner@example.com', 'owner-password-1', newAddress());
    expect(owner.status).toBe(200);
    expect(owner.body.user).toEqual({ name: 'Staff Member', email: 'owner@example.com' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
    // Their success starts the account afresh: the next sign-in has no delay.
    const again = performance.now();
    expect((await restLogin('owner@example.com', 'owner-password-1', newAddress())).status).toBe(200);
    expect(performance.now() - again).toBeLessThan(450);
  });

  it('slows a guesser who rotates addresses, with a delay that keeps growing', async () => {
    await createStaffWithToken(server, { name: 'Rotated Target', email: 'rotated@example.com', password: 'rotated-password-1' });
    const first = newAddress();
    for (let i = 0; i < ACCOUNT_ATTEMPTS; i++) expect((await restLogin('rotated@example.com', `g-${i}`, first)).status).toBe(401);
    // From a new address each further guess waits longer: 0.5 s, then 1 s.
    const second = newAddress();
    const timed = async () => {
      const started = performance.now();
      expect((await restLogin('rotated@example.com', 'still-wrong', second)).status).toBe(401);
      return performance.now() - started;
    };
    const one = await timed();
    const two = await timed();
    expect(one).toBeGreaterThanOrEqual(500);
    expect(two).toBeGreaterThanOrEqual(1000);
    expect(two).toBeGreaterThan(one);
  });
});
