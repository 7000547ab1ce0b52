// Visit tracking's per-address cap counts an IPv6 visitor by its /56: rotating through the /64s of one
// network (a home router hands out 256 of them) does not buy more counted visits (docs/api.md).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestServer } from '../helpers/test-server.ts';
import { resetVisitorState } from '../../models/visits';
import { VISIT_LIMITS } from '../../schemas/analytics.ts';
import { startServerAtFixedClock } from '../helpers/fixed-clock-server.ts';

const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const visit = { page: 'home', userAgent: UA, referrer: 'direct' };
let server: TestServer;
beforeAll(async () => {
  server = await startServerAtFixedClock();
  resetVisitorState();
});
afterAll(async () => {
  vi.useRealTimers();
  await server?.stop();
});

/** Over tRPC, which says whether the visit was counted. */
const track = async (from: string) => {
  const res = await server.api('POST', '/trpc/analytics.trackVisit', {
    body: { json: visit },
    headers: { 'x-forwarded-for': from, 'user-agent': UA },
  });
  return res.body.result?.data.json.accepted as boolean | undefined;
};

describe('the per-address visit cap', () => {
  it('counts every /64 of one /56 as one visitor, and a neighbouring /56 as another', async () => {
    // The hour's allowance, each visit from another /64 of 2001:db8:aa:bb00::/56.
    const prefix = (i: number) => `2001:db8:aa:bb${(i % 256).toString(16).padStart(2, '0')}`;
    for (let i = 0; i < VISIT_LIMITS.perAddressPerHour; i += 50) {
      const batch = Array.from({ length: Math.min(50, VISIT_LIMITS.perAddressPerHour - i) }, (_, j) =>
        server.api('POST', '/api/track-visit', {
          body: visit,
          headers: { 'x-forwarded-for': `${prefix(i + j)}::${i + j + 1}`, 'user-agent': UA },
        }),
      );
      expect((await Promise.all(batch)).every((r) => r.status === 204)).toBe(true);
    }
    expect(await track('2001:db8:aa:bbfe::77')).toBe(false);
    expect(await track('2001:db8:aa:bb42:1234:5678:9abc:def0')).toBe(false);
    expect(await track('2001:db8:aa:cc00::1')).toBe(true);
  });
});
