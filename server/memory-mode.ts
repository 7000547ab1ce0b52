// V8 tuned for a small server (README, "Deploying"), imported first by server.ts, before the heap holds anything.
//
// After each full collection the heap may grow to 1.2 times what is live (--heap-growing-percent=20)
// instead of up to 4 times, so one-off work, a long answer such as
// the full lead list, leaves no hundreds of MiB of garbage behind. At 100,000 leads (`npm run bench memory`)
// the full list grew the server by 30 MiB instead of 100 to 240; pages answer about 10% fewer requests a
// second at full load. --optimize-for-size saved as much memory but cost 30% of that throughput (it also
// tunes the compiler).
//
// And once the server has been quiet for 10 s after work that grew its heap, it collects once
// (collectWhenQuiet). V8's own memory reducer does that only when a collection re-arms it, so after a
// burst of the console's work the heap's young generation (32 MiB) and the garbage of the last requests
// stayed for minutes, or until the next burst: 60 s after the bench's lead phase the server was anywhere
// from 10% to 55% above its idle level. A collection in a quiet moment takes 30 to 50 ms.
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';

v8.setFlagsFromString('--heap-growing-percent=20');
v8.setFlagsFromString('--expose-gc');
// With the flag set, a new context has V8's gc function (this process's global was made before it).
const collect = vm.runInNewContext('gc') as () => void;

/** How often the event loop's busy share is read. */
const CHECK_EVERY_MS = 5_000;
/** Quiet: the event loop was busy less than this share of a check's period (an idle server's timers: about 0.2%). */
const QUIET_UTILIZATION = 0.02;
/** Quiet periods in a row before collecting: 10 s, so a pause between two requests of a burst does not count. */
const QUIET_CHECKS = 2;
/**
 * Collect only when the heap holds this much more than what was live after the last collection here
 * (its 1.2 times, --heap-growing-percent, and 16 MiB): one collection per burst of work, never one after
 * another on a quiet server. Live, not the heap's size: a collection in a pause of a burst must not raise the bar.
 */
const slackBytes = (live: number) => live * 0.25 + 16 * 1024 * 1024;

/** Starts the quiet-time collection; answers a function that stops it. */
export function collectWhenQuiet(): () => void {
  let since = performance.eventLoopUtilization();
  let quietChecks = 0;
  let live = v8.getHeapStatistics().used_heap_size;
  const timer = setInterval(() => {
    const period = performance.eventLoopUtilization(since);
    since = performance.eventLoopUtilization();
    quietChecks = period.utilization < QUIET_UTILIZATION ? quietChecks + 1 : 0;
    if (quietChecks < QUIET_CHECKS) return;
    if (v8.getHeapStatistics().total_heap_size < live + slackBytes(live)) return;
    collect();
    live = v8.getHeapStatistics().used_heap_size;
  }, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
