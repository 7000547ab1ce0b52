// `npm run staff -- add | list | remove`: manages the staff accounts (docs/api.md, Commands). Without
// --password, add reads the password from standard input (not echoed at a terminal).
import { parseArgs } from 'node:util';
import { ZodError } from 'zod';
import { withDatabase } from './cli-db.ts';
import { readPassword } from './read-password.ts';
import { listStaff, removeStaff, upsertStaff } from '../models/staff/accounts.ts';
import { personalPasswordProblem, staffAccountInput } from '../schemas/auth.ts';

const USAGE = `Usage:
  npm run staff -- add --name NAME --email EMAIL [--password PASSWORD] [--agent] [--admin]
    (without --password, the password is read from standard input)
  npm run staff -- list
  npm run staff -- remove --email EMAIL`;

class UsageError extends Error {}

function fail(message: string): never {
  throw new UsageError(message);
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      options: {
        name: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        agent: { type: 'boolean' },
        admin: { type: 'boolean' },
      },
      strict: true,
    });
  } catch (err) {
    fail((err as Error).message);
  }
  const { values } = parsed;

  if (command === 'add') {
    if (!values.name || !values.email) fail('add needs --name and --email (and --password, or the password on standard input).');
    // Kept for scripts (the documented form), but a password typed there stays in the shell's history.
    if (values.password !== undefined)
      console.error(
        'Warning: a password given with --password is kept in your shell history and shown to other users of this machine (ps). Leave --password out to type it, or pipe it in: printf "%s\\n" "$PASSWORD" | npm run staff -- add ...',
      );
    const password = values.password ?? (await readPassword('Password: '));
    if (!password) fail('add needs a password: give --password or type it on standard input.');
    // Validated before the database starts, so bad input answers at once.
    const input = staffAccountInput.parse({
      name: values.name,
      email: values.email,
      password,
      isAgent: values.agent ?? false,
      isAdmin: values.admin ?? false,
    });
    // The operator's command keeps taking it (scripts and first accounts rely on it), with a word of warning.
    const personal = personalPasswordProblem(input.password, input);
    if (personal) console.error(`Warning: ${personal}. The console refuses such a password when the account changes it.`);
    // A name another account carries is refused (exit 1, the clash named): claims and figures key on it.
    const { staff, created } = await withDatabase(() => upsertStaff(input)).catch((err: Error) => fail(err.message));
    const kind = [staff.isAdmin ? 'admin' : null, staff.isAgent ? 'agent' : null].filter(Boolean).join(' and ') || 'staff account';
    console.log(`${created ? 'Created' : 'Updated'} ${kind} ${staff.name} <${staff.email}>.`);
  } else if (command === 'list') {
    const staff = await withDatabase(() => listStaff());
    if (staff.length === 0) {
      console.log('No staff accounts. Add one with: npm run staff -- add --name NAME --email EMAIL --password PASSWORD');
      return;
    }
    const rows = staff.map((s) => ({
      name: s.name,
      email: s.email,
      agent: s.isAgent ? 'yes' : 'no',
      admin: s.isAdmin ? 'yes' : 'no',
      created: s.createdAt ? s.createdAt.toISOString().slice(0, 10) : '',
      'last sign-in': s.lastLoginAt ? s.lastLoginAt.toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : 'never',
    }));
    printTable(rows);
  } else if (command === 'remove') {
    if (!values.email) fail('remove needs --email.');
    const email = values.email.trim().toLowerCase();
    const removed = await withDatabase(() => removeStaff(email));
    if (!removed) fail(`No staff account has the email ${email}.`);
    console.log(`Removed ${email}. Its sign-ins have ended.`);
  } else {
    fail(command ? `Unknown command "${command}".` : 'Name a command.');
  }
}

function printTable(rows: Record<string, string>[]): void {
  const headers = Object.keys(rows[0]!);
  const widths = headers.map((h) => Math.max(h.length, ...rows.map((r) => r[h]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  console.log(line(headers));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(headers.map((h) => r[h]!)));
}

try {
  await main(process.argv.slice(2));
} catch (err) {
  if (err instanceof UsageError) {
    console.error(`${err.message}\n\n${USAGE}`);
  } else if (err instanceof ZodError) {
    console.error(err.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
  } else {
    console.error('Failed:', err instanceof Error ? err.message : err);
  }
  process.exit(1);
}
