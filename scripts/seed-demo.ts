// `npm run seed:demo`: realistic demo data for trying the console at once. Idempotent.
import { withDatabase } from './cli-db.ts';
import { seedStaff } from './seed/staff.ts';
import { seedLeads } from './seed/leads.ts';
import { seedCustomers } from './seed/customers.ts';
import { seedVisits } from './seed/visits.ts';

await withDatabase(async () => {
  for (const [name, step] of [
    ['staff', seedStaff],
    ['leads and activity', seedLeads],
    ['customers', seedCustomers],
    ['visits', seedVisits],
  ] as const) {
    const started = Date.now();
    process.stdout.write(`Seeding ${name}... `);
    const summary = await step();
    console.log(`${summary} (${((Date.now() - started) / 1000).toFixed(1)}s)`);
  }
});
console.log('Demo data ready. Sign in as ben@demo.local or stef@demo.local with password demo-password-1.');
