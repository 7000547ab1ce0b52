// `npm test`: runs the steps below in order and ends with one line `all: N passed, N failed, N skipped`
// that counts every layer. Tests count one each; a check step (type check, build) counts as one
// passed or failed check. Anything that kept a test from running is a failure with a line saying
// what did not run: a failed or unimportable test file, a missing report, a step over its time
// limit, a skip not on tests/skip-allowlist.json, a layer below its floor in tests/floor.json.
// To add a step, add an entry to `steps` (kind 'check' for a pass/fail command).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const work = mkdtempSync(path.join(tmpdir(), 'brokerage-tests-'));
// Every server a step starts keeps its generated key file here, not in the developer's ~/.config.
process.env.XDG_CONFIG_HOME = path.join(work, 'config');
const bin = (name) => path.join('node_modules', '.bin', name);
const minutes = (n) => n * 60_000;
const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const vitestJson = path.join(work, 'vitest.json');
const e2eJson = path.join(work, 'e2e.json');
const fuzzJson = path.join(work, 'fuzz.json');
const faultsJson = path.join(work, 'faults.json');

/** The steps, in order. `needs`: the step is not run (and counts as failed) when that one failed. */
const steps = [
  { name: 'lint', kind: 'check', cmd: 'npm', args: ['run', 'lint', '--silent'], timeoutMs: minutes(5) },
  { name: 'type check', kind: 'check', cmd: bin('tsc'), args: ['--noEmit'], timeoutMs: minutes(5) },
  {
    name: 'unit and integration tests',
    kind: 'vitest',
    cmd: bin('vitest'),
    args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
    report: vitestJson,
    timeoutMs: minutes(25),
  },
  { name: 'production build', kind: 'check', cmd: 'npm', args: ['run', 'build', '--silent'], timeoutMs: minutes(10) },
  {
    name: 'end-to-end tests',
    kind: 'playwright',
    cmd: bin('playwright'),
    args: ['test'],
    env: async () => ({
      E2E_PORT: String(await freePort()),
      E2E_DATA_DIR: path.join(work, 'e2e-data'),
      PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson,
    }),
    report: e2eJson,
    needs: 'production build',
    // One worker and one server (playwright.config.ts): 16–20 minutes on the build machine; room for a busy one.
    timeoutMs: minutes(35),
  },
  // Schemathesis against GET /api/openapi.json; each case it runs counts as one passed test.
  {
    name: 'API fuzzing (schemathesis)',
    kind: 'fuzz',
    cmd: 'npm',
    args: ['run', 'test:fuzz', '--silent'],
    env: async () => ({ FUZZ_SUMMARY_FILE: fuzzJson }),
    report: fuzzJson,
    timeoutMs: minutes(10),
  },
  // kill -9 during submissions, the database killed under load, a 3-minute soak, SIGTERM under load; each check counts as a test.
  {
    name: 'fault injection',
    kind: 'faults',
    cmd: 'npm',
    args: ['run', 'test:faults', '--silent'],
    env: async () => ({ FAULTS_SUMMARY_FILE: faultsJson }),
    report: faultsJson,
    needs: 'production build',
    timeoutMs: minutes(12),
  },
];

// A partial run, for trying the runner itself: `node tests/tools/test-all.mjs --steps=vitest,check -- tests/x.test.ts`
// runs only the steps of those kinds (or names), passing the arguments after `--` to vitest and Playwright.
// Every step left out is a failure line, so a partial run is never green.
const stepsArg = process.argv
  .find((a) => a.startsWith('--steps='))
  ?.slice('--steps='.length)
  .split(',');
const passThrough = process.argv.includes('--') ? process.argv.slice(process.argv.indexOf('--') + 1) : [];
for (const step of steps) if (step.kind === 'vitest' || step.kind === 'playwright') step.args.push(...passThrough);
const selected = (step) => !stepsArg || stepsArg.includes(step.kind) || stepsArg.includes(step.name);

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const floor = readJson('tests/floor.json');
const allowedSkips = readJson('tests/skip-allowlist.json').skips;
const isAllowedSkip = (file, title) => allowedSkips.some((s) => s.reason && file.endsWith(s.file) && s.title === title);

const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
const fail = (line) => {
  totals.failed += 1;
  problems.push(line);
};
const rel = (file) => path.relative(process.cwd(), file);

// Interrupted: stop the running step's whole process group (browser, server, database) too.
let current = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    try {
      if (current) process.kill(-current.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    rmSync(work, { recursive: true, force: true });
    process.exit(130);
  });
}

/** Runs a command in its own process group so a time limit can stop everything it started. */
function runCommand(step, env) {
  return new Promise((resolve) => {
    const child = spawn(step.cmd, step.args, { stdio: 'inherit', env: { ...process.env, ...env }, detached: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, step.timeoutMs);
    current = child;
    child.on('error', () => resolve({ code: 127, timedOut }));
    child.on('close', (code) => {
      clearTimeout(timer);
      current = null;
      resolve({ code: code ?? 1, timedOut });
    });
  });
}

/** Counts a vitest JSON report; returns how many tests ran (passed or failed). */
function countVitest(report) {
  let ran = 0;
  for (const file of report.testResults) {
    const tests = file.assertionResults;
    const failedTests = tests.filter((t) => t.status === 'failed').length;
    // A file that failed with no failed test: an import error or a throwing hook.
    if (file.status === 'failed' && failedTests === 0) {
      fail(
        `did not run: ${rel(file.name)} failed before its tests (${tests.length} tests): ${file.message.split('\n')[0] || 'no message'}`,
      );
    }
    for (const t of tests) {
      if (t.status === 'passed') totals.passed += 1;
      else if (t.status === 'failed') totals.failed += 1;
      else if (isAllowedSkip(file.name, t.title)) totals.skipped += 1;
      else fail(`did not run: ${rel(file.name)} › ${t.fullName} (${t.status})`);
      if (t.status === 'passed' || t.status === 'failed') ran += 1;
    }
  }
  return ran;
}

/** Counts a Playwright JSON report; returns how many tests ran. */
function countPlaywright(report) {
  let ran = 0;
  for (const e of report.errors ?? [])
    fail(`did not run: end-to-end error outside any test: ${String(e.message ?? e.value ?? '').split('\n')[0]}`);
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        const where = `${spec.file}:${spec.line} › ${spec.title}`;
        if (t.status === 'expected' || t.status === 'flaky') totals.passed += 1;
        else if (t.status === 'unexpected') totals.failed += 1;
        else if (isAllowedSkip(spec.file, spec.title)) totals.skipped += 1;
        else fail(`did not run: ${where} (skipped)`);
        if (t.status !== 'skipped') ran += 1;
      }
    }
    for (const s of suite.suites ?? []) walk(s);
  };
  for (const s of report.suites ?? []) walk(s);
  return ran;
}

const failedSteps = new Set();
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  if (!selected(step)) {
    fail(`did not run: ${step.name} (left out by --steps)`);
    continue;
  }
  if (step.needs && failedSteps.has(step.needs)) {
    failedSteps.add(step.name);
    fail(`did not run: ${step.name} (${step.needs} failed)`);
    continue;
  }
  if (step.report) rmSync(step.report, { force: true });
  const started = Date.now();
  const { code, timedOut } = await runCommand(step, step.env ? await step.env() : {});
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`=== ${step.name}: ${code === 0 ? 'ok' : timedOut ? 'TIMED OUT' : 'FAILED'} in ${seconds}s ===`);
  const failedBefore = totals.failed;
  if (timedOut) fail(`did not finish: ${step.name} stopped at its ${step.timeoutMs / 60_000}-minute limit`);
  if (step.kind === 'check') {
    if (code === 0) totals.passed += 1;
    else if (!timedOut) fail(`failed: ${step.name} (exit ${code})`);
  } else if (!existsSync(step.report)) {
    fail(`did not run: ${step.name} wrote no report (exit ${code}): none of its tests counted`);
  } else if (step.kind === 'faults') {
    const { passed, failed } = readJson(step.report);
    totals.passed += passed;
    if (failed || code !== 0) fail(`failed: ${step.name}: ${failed} of ${passed + failed} checks failed (exit ${code})`);
  } else if (step.kind === 'fuzz') {
    const { cases, failed } = readJson(step.report);
    if (failed || code !== 0) fail(`failed: ${step.name} found answers outside the documented shapes (exit ${code})`);
    else totals.passed += cases;
  } else {
    const ran = step.kind === 'vitest' ? countVitest(readJson(step.report)) : countPlaywright(readJson(step.report));
    const min = floor[step.name] ?? 0;
    if (ran < min) fail(`did not run: ${step.name} ran ${ran} tests, below the floor of ${min} in tests/floor.json`);
    // A non-zero exit that the report does not explain (an unhandled error, a teardown failure).
    if (code !== 0 && totals.failed === failedBefore) fail(`failed: ${step.name} exited ${code} with no failed test in its report`);
  }
  if (code !== 0 || totals.failed > failedBefore) failedSteps.add(step.name);
}

rmSync(work, { recursive: true, force: true });
if (problems.length) console.log(`\n${problems.join('\n')}`);
if (failedSteps.size) console.log(`\nFailed steps: ${[...failedSteps].join(', ')}`);
console.log(`\nall: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed || failedSteps.size ? 1 : 0);
