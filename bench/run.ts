// `npm run bench`: speed figures of the product on the embedded database. Prints, never asserts.
import { benchLeads } from './leads.ts';
import { benchAnalytics } from './analytics.ts';

for (const [name, bench] of [
  ['leads, stats and activity', benchLeads],
  ['analytics', benchAnalytics],
] as const) {
  console.log(`\n## ${name}`);
  await bench();
}
