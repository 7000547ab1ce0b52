// Demo staff for `npm run seed:demo`: the two agents of docs/api.md (Ben and Stef). Running it again changes nothing.
import { upsertStaff } from '../../models/staff/accounts.ts';

export const DEMO_PASSWORD = 'demo-password-1';
export const DEMO_AGENTS = [
  { name: 'Ben', email: 'ben@demo.local' },
  { name: 'Stef', email: 'stef@demo.local' },
] as const;

export async function seedStaff(): Promise<string> {
  let created = 0;
  for (const agent of DEMO_AGENTS) {
    const result = await upsertStaff({ ...agent, password: DEMO_PASSWORD, isAgent: true });
    if (result.created) created++;
  }
  return `${DEMO_AGENTS.length} agents (${created} new)`;
}
