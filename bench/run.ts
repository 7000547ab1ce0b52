// `npm run bench`: speed figures of the product on the embedded database. Prints, never asserts.
// Each benchmark runs in a process of its own, with its own fresh database and connection.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { benchLeads } from './leads.ts';
import { benchActivity } from './activity.ts';
import { benchConsole } from './console.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchAnalytics } from './analytics.ts';
import { benchHttp } from './http.ts';
import { benchMemory } from './memory.ts';
import { benchFlood } from './flood.ts';
import { benchImport } from './import.ts';
import { benchBundle } from './bundle.ts';
import { benchEngine } from './engine.ts';
import { benchCommissions } from './commissions.ts';

const benches = {
  http: ['HTTP: pages, static files and the public API against an in-memory node:http ceiling', benchHttp],
  leads: ['leads, stats and activity', benchLeads],
  activity: ['the activity log at 100,000 entries: Recent Activity and the CSV export (median ms)', benchActivity],
  analytics: ['analytics', benchAnalytics],
  memory: ['memory: the server and its database idle, under load and after, empty and at 100,000 leads', benchMemory],
  import: ['customer import: dry run, apply and re-apply of the 10,000-row template book', benchImport],
  commissions: [
    'commission statements: dry run, apply and re-apply of 20,000 lines against 10,000 policies, exceptions, figures',
    benchCommissions,
  ],
  console: ['the console in Chromium at 10,000 leads: search and the dashboard (median ms)', benchConsole],
  lighthouse: ['Lighthouse mobile on the public pages of the production build: five runs a page and the medians', benchLighthouse],
  bundle: ['JavaScript each public page and the first admin screens load in Chromium (kB gzip)', benchBundle],
  flood: ['public procedures under a flood of 93 kB superjson-metadata requests', benchFlood],
  engine: ['the embedded engine alone: filters pushed down to SQL against filters kept in Go, 100,000 documents', benchEngine],
} as const;

const only = process.argv[2] as keyof typeof benches | undefined;
if (only) {
  const [title, bench] = benches[only];
  console.log(`\n## ${title}`);
  await bench();
  process.exit(0);
}
// The memory bench is slow (a minute's wait after each load), the engine bench fills two engines:
// they run only when named.
for (const name of Object.keys(benches).filter((n) => !['memory', 'engine'].includes(n))) {
  const r = spawnSync(path.join('node_modules', '.bin', 'tsx'), ['bench/run.ts', name], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
