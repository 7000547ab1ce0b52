// A security review's CPU attack on the public procedures, timed: 40 parallel 93 kB
// superjson-metadata requests to /trpc/analytics.trackVisit while /api/health is asked every 10 ms.
// Each request should be refused with a 4xx within 50 ms, and health answer within 200 ms meanwhile.
// Prints the figures; tests/api/plain-json-input.test.ts asserts the status codes.
import { withAppInProcess } from './in-process.ts';
import { metadataBomb } from './metadata-bomb.ts';

const PARALLEL = 40;
const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);
const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

async function timed(send: () => Promise<Response>): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const res = await send();
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

export async function benchFlood(): Promise<void> {
  await withAppInProcess('flood', { NODE_ENV: 'production', JWT_SECRET: 'bench-secret-'.repeat(4) }, async ({ base }) => {
    const body = metadataBomb({ page: 'home', userAgent: UA, referrer: 'direct' });
    const attacks: { ms: number; status: number }[] = [];
    const health: { ms: number; status: number }[] = [];
    let n = 0;
    const attack = (i: number) =>
      fetch(`${base}/trpc/analytics.trackVisit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': UA, 'x-forwarded-for': `10.9.${(i >> 8) & 255}.${i & 255}` },
        body,
      });
    for (let round = 0; round < ROUNDS; round++) {
      let flooding = true;
      const probe = (async () => {
        while (flooding) {
          health.push(await timed(() => fetch(`${base}/api/health`)));
          await new Promise((r) => setTimeout(r, 10));
        }
      })();
      const sent = await Promise.all(Array.from({ length: PARALLEL }, () => timed(() => attack(++n))));
      attacks.push(...sent);
      flooding = false;
      await probe;
    }
    // The same requests one at a time: what one refusal costs the server, without queueing behind the others.
    const alone: { ms: number; status: number }[] = [];
    for (let i = 0; i < PARALLEL; i++) alone.push(await timed(() => attack(++n)));
    const statuses = [...new Set([...attacks, ...alone].map((a) => a.status))].join(', ');
    const row = (name: string, xs: number[]) =>
      console.log(
        `| ${name.padEnd(44)} | ${String(xs.length).padStart(5)} | ${quantile(xs, 0.5).toFixed(1).padStart(7)} | ${quantile(xs, 0.99).toFixed(1).padStart(7)} | ${Math.max(
          ...xs,
        )
          .toFixed(1)
          .padStart(7)} |`,
      );
    console.log(`\n${ROUNDS} rounds of ${PARALLEL} parallel ${body.length}-byte metadata requests; answered with ${statuses}\n`);
    console.log(
      `| ${'row'.padEnd(44)} | ${'n'.padStart(5)} | ${'p50 ms'.padStart(7)} | ${'p99 ms'.padStart(7)} | ${'max ms'.padStart(7)} |`,
    );
    console.log(`|${'-'.repeat(46)}|${'-'.repeat(7)}|${'-'.repeat(9)}|${'-'.repeat(9)}|${'-'.repeat(9)}|`);
    row(
      'POST /trpc/analytics.trackVisit (93 kB meta)',
      attacks.map((a) => a.ms),
    );
    row(
      'the same, one at a time',
      alone.map((a) => a.ms),
    );
    row(
      'GET /api/health meanwhile',
      health.map((h) => h.ms),
    );
    console.log(
      `\ntargets: each refusal under 50 ms, health under 200 ms; health statuses: ${[...new Set(health.map((h) => h.status))].join(', ')}`,
    );
  });
}
