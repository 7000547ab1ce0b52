// `npm test`: type checking, vitest (unit and integration against the embedded database),
// the production build, then the Playwright suite against the built server.
// Ends with one summary line and a non-zero exit on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const work = mkdtempSync(path.join(tmpdir(), 'brokerage-tests-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function run(name, cmd, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)}s ===`);
  if (r.status !== 0) failedSteps.push(name);
  return r.status === 0;
}

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const bin = (name) => path.join('node_modules', '.bin', name);

run('type check', bin('tsc'), ['--noEmit']);

const vitestJson = path.join(work, 'vitest.json');
run('unit and integration tests', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
}

if (run('production build', 'npm', ['run', 'build', '--silent'])) {
  const e2eJson = path.join(work, 'e2e.json');
  run('end-to-end tests (Chromium)', bin('playwright'), ['test'], {
    E2E_PORT: String(await freePort()),
    E2E_DATA_DIR: path.join(work, 'e2e-data'),
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson,
  });
  if (existsSync(e2eJson)) {
    const s = JSON.parse(readFileSync(e2eJson, 'utf8')).stats;
    totals.passed += s.expected + s.flaky;
    totals.failed += s.unexpected;
    totals.skipped += s.skipped;
  }
}

// Schemathesis against GET /api/openapi.json; each case it runs counts as one passed test.
const fuzzJson = path.join(work, 'fuzz.json');
run('API fuzzing (schemathesis)', 'npm', ['run', 'test:fuzz', '--silent'], { FUZZ_SUMMARY_FILE: fuzzJson });
if (existsSync(fuzzJson)) {
  const f = JSON.parse(readFileSync(fuzzJson, 'utf8'));
  if (f.failed) totals.failed += 1;
  else totals.passed += f.cases;
}
// Faults on the built server (kill -9, database killed, SIGTERM) and a soak of SOAK_SECONDS (60 here).
run('fault suite', 'npm', ['run', 'test:faults', '--silent'], { SOAK_SECONDS: process.env.SOAK_SECONDS || '60' });

rmSync(work, { recursive: true, force: true });
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
console.log(`\nall: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
