// `npm run seed:demo`: realistic demo data for trying the console at once. Idempotent.
import { withDatabase } from './cli-db.ts';
import { seedStaff } from './seed/staff.ts';
import { seedLeads } from './seed/leads.ts';
import { seedCustomers } from './seed/customers.ts';
import { seedVisits } from './seed/visits.ts';
import { seedShowcaseLeads } from './seed/showcase-leads.ts';
import { seedShowcaseBook } from './seed/showcase-book.ts';
import { walkSealedFields } from '../models/flows';

await withDatabase(async (config) => {
  for (const [name, step] of [
    ['staff', seedStaff],
    ['leads and activity', seedLeads],
    ['customers', seedCustomers],
    // What makes each feature show at once: regions, consent, sources, follow-ups, renewals, an age-in.
    ['follow-ups, regions and sources', () => seedShowcaseLeads(config.TIME_ZONE)],
    ['policies and birth dates', () => seedShowcaseBook(config.TIME_ZONE)],
    ['visits', seedVisits],
    // The demo's notes and medical details are written around the models: encrypt them as stored data is.
    ['encryption at rest', async () => `${await walkSealedFields('plain')} values encrypted`],
  ] as const) {
    const started = Date.now();
    process.stdout.write(`Seeding ${name}... `);
    const summary = await step();
    console.log(`${summary} (${((Date.now() - started) / 1000).toFixed(1)}s)`);
  }
});
console.log('Demo data ready. Sign in as ben@demo.local or stef@demo.local with password demo-password-1.');
