// Benchmark of the customer import on the embedded database, on a fresh temporary DATA_DIR: the
// template's 10,000-row book (scripts/import-book.ts; BENCH_IMPORT_ROWS to change) through the dry run,
// the apply, and the apply again (which finds nothing to change).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectDatabase } from '../server/db.ts';
import { applyImport, dryRunImport } from '../models/customer-import';
import { importBook } from '../scripts/import-book.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS || 10_000);

export async function benchImport(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-import-'));
  const db = await connectDatabase({ dataDir });
  const actor = { id: '000000000000000000000000', name: 'Bench Admin', email: 'bench@example.com' };
  try {
    const csv = importBook(ROWS);
    const timed = async <T>(label: string, run: () => Promise<T>) => {
      const started = performance.now();
      const result = await run();
      const ms = performance.now() - started;
      console.log(`${label.padEnd(10)} ${ms.toFixed(0).padStart(6)} ms  ${((ROWS / ms) * 1000).toFixed(0).padStart(6)} rows/s`);
      return result;
    };
    console.log(`${ROWS.toLocaleString('en-US')} rows, ${(csv.length / 1024 / 1024).toFixed(2)} MB`);
    const dry = await timed('dry run', () => dryRunImport(csv, actor));
    console.log(`           to create: ${dry.counts.customersCreated} customers, ${dry.counts.policiesCreated} policies`);
    await timed('apply', () => applyImport(csv, actor));
    const again = await timed('re-apply', () => applyImport(csv, actor));
    console.log(`           re-apply changed: ${again.counts.create} created, ${again.counts.update} updated rows`);
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
