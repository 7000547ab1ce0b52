// V8 tuned for a small server (README, "Deploying"): after each full collection the heap may grow to 1.2
// times what is live (--heap-growing-percent=20) instead of up to 4 times, so one-off work, the start-up
// check over every lead or a long answer such as the full lead list, leaves no hundreds of MiB of garbage
// behind for the next minute. At 100,000 leads (`npm run bench memory`) the full list grew the server by
// 30 MiB instead of 100 to 240; pages answer about 10% fewer requests a second at full load.
// --optimize-for-size saved as much memory but cost 30% of that throughput (it also tunes the compiler).
// Imported first by server.ts, before the heap holds anything.
import v8 from 'node:v8';

v8.setFlagsFromString('--heap-growing-percent=20');
