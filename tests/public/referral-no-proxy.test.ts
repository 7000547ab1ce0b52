// With TRUST_PROXY unset the per-address referral limit keys on the connection's address: a client
// that sends a new X-Forwarded-For with every submission is still stopped after REFERRAL_MAX.
import { describe, expect, it } from 'vitest';
import { countLeads } from '../../models/leads/index.ts';
import { REFERRAL_MAX } from '../../routers/site.ts';
import { useTestServer } from '../helpers/test-server.ts';

const server = useTestServer();

describe('referral limit without a trusted proxy', () => {
  it(`stops a client rotating X-Forwarded-For after ${REFERRAL_MAX} submissions, in sequence and in parallel`, async () => {
    expect(REFERRAL_MAX).toBe(5);
    const submit = (i: number) =>
      server.api('POST', '/api/referral', {
        body: { name: `Rotating ${i}`, email: `rotating${i}@example.com`, phone: `720555${String(1000 + i)}` },
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
    const first = [];
    for (let i = 0; i < 3; i++) first.push((await submit(i)).status);
    const rest = await Promise.all(Array.from({ length: 7 }, (_, i) => submit(3 + i).then((r) => r.status)));
    expect(first).toEqual([201, 201, 201]);
    expect(rest.sort()).toEqual([201, 201, 429, 429, 429, 429, 429]);
    expect(await countLeads()).toBe(5);
  });
});
