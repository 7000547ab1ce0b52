// Benchmark of the commission statement import on the embedded database, on a fresh temporary DATA_DIR:
// a 20,000-line statement (two months of 10,000 policies, one line in fifty with an unknown policy number)
// through the dry run, the apply and the apply again (which writes nothing), then the exceptions list and
// the figures. BENCH_COMMISSION_POLICIES changes the book's size.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { connectDatabase } from '../server/db.ts';
import { CustomerModel } from '../models/customers/customer.ts';
import { PolicyModel } from '../models/policies/schema.ts';
import { applyStatement, commissionSummary, dryRunStatement, listExceptions } from '../models/commissions/index.ts';

const POLICIES = Number(process.env.BENCH_COMMISSION_POLICIES || 10_000);

export async function benchCommissions(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-commissions-'));
  const db = await connectDatabase({ dataDir });
  const actor = { id: '000000000000000000000000', name: 'Bench Admin', email: 'bench@example.com' };
  const now = new Date();
  const month = (back: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
  try {
    const customers = Array.from({ length: POLICIES }, (_, i) => ({
      _id: new mongoose.Types.ObjectId(),
      name: `Insured ${i}`,
      email: `insured${i}@example.com`,
      phone: `+1303${String(5_000_000 + i).padStart(7, '0')}`,
      age: 60,
      insuranceProvider: 'Aetna',
      leadKey: `bench:${i}`,
    }));
    for (let i = 0; i < POLICIES; i += 1000) await CustomerModel.insertMany(customers.slice(i, i + 1000), { lean: true });
    const carriers = ['Humana', 'Aetna', 'UnitedHealthcare', 'Cigna'];
    const policies = customers.map((c, i) => ({
      customerId: c._id,
      carrier: carriers[i % 4]!,
      line: 'medicare-advantage',
      policyNumber: `PN-${i}`,
      status: 'active',
      effectiveDate: `${month(6)}-01`,
      premiumCents: 20_000 + (i % 50) * 100,
      premiumPeriod: 'monthly',
      commission: { kind: 'rate', percent: 10 },
      writingAgent: `Agent ${i % 8}`,
    }));
    for (let i = 0; i < POLICIES; i += 1000) await PolicyModel.insertMany(policies.slice(i, i + 1000), { lean: true });

    const lines = ['Carrier,Policy Number,Insured Name,Commission Amount,Line Type,Statement Period'];
    for (const back of [2, 1])
      policies.forEach((p, i) => {
        const number = i % 50 === 0 ? `XX-${i}` : p.policyNumber;
        lines.push(
          `${p.carrier},${number},Insured ${i},${(p.premiumCents / 1000 - (i % 7 === 0 ? 5 : 0)).toFixed(2)},Renewal,${month(back)}`,
        );
      });
    const csv = lines.join('\n');
    const count = lines.length - 1;
    const timed = async <T>(label: string, run: () => Promise<T>) => {
      const started = performance.now();
      const result = await run();
      const ms = performance.now() - started;
      console.log(`${label.padEnd(12)} ${ms.toFixed(0).padStart(6)} ms`);
      return result;
    };
    console.log(
      `${count.toLocaleString('en-US')} lines against ${POLICIES.toLocaleString('en-US')} policies, ${(csv.length / 1024 / 1024).toFixed(2)} MB`,
    );
    const dry = await timed('dry run', () => dryRunStatement(csv));
    console.log(`             ${dry.counts.matched} matched, ${dry.counts.ambiguous} ambiguous, ${dry.counts.unmatched} unmatched`);
    await timed('apply', () => applyStatement(csv, actor));
    const again = await timed('re-apply', () => applyStatement(csv, actor));
    console.log(`             re-apply wrote ${again.counts.toWrite} lines`);
    if (process.env.BENCH_PROFILE) {
      const { StatementLineModel } = await import('../models/commissions/schema.ts');
      await timed('  policies', () => PolicyModel.find({ status: 'active', commission: { $ne: null } }).lean());
      await timed('  group pmt', () =>
        StatementLineModel.aggregate([
          { $match: { status: 'matched' } },
          { $group: { _id: { p: '$policyId', m: '$period', t: '$lineType' }, cents: { $sum: '$amountCents' } } },
        ]),
      );
      await timed('  group cm', () => StatementLineModel.aggregate([{ $group: { _id: { c: '$carrier', m: '$period' } } }]));
      await timed('  waiting', () => StatementLineModel.find({ status: { $in: ['unmatched', 'ambiguous'] } }).lean());
      await timed('  charged', () => StatementLineModel.find({ status: 'matched', amountCents: { $lt: 0 } }).lean());
    }
    const list = await timed('exceptions', () => listExceptions());
    console.log(`             ${JSON.stringify(list.counts)}, first page of ${list.items.length}`);
    await timed('  unmatched', () => listExceptions({ kind: 'unmatched', offset: 100, limit: 100 }));
    await timed('figures', () => commissionSummary());
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
