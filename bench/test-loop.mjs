// `npm run bench:test-loop`: how long `npm test` takes, and where the time goes. Clones the
// committed HEAD into a temporary directory, installs it as CI does (`npm install`, timed apart),
// then runs `npm test` there three times (`--runs N` for another count; `--here` runs in this
// checkout instead of a clone). For each run: the wall time, the e2e share, the CPU the run and
// its children used, the machine's CPU by kind over the run (busy, idle, stolen) and its load
// average sampled every 10 s; per spec and project the tests' summed durations, from the JSON
// report. Writes bench/test-loop.json with the median run. Timing stays here, never in a test.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { machineBetween, machineSnapshot } from '../scripts/machine-time.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 3;
const here = args.includes('--here');
const log = (...parts) => console.log('bench:test-loop:', ...parts);

/** Runs a command in `cwd` through bash, whose `times` then reports the CPU of everything it waited for. */
function timed(command, cwd) {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', `${command}; status=$?; times >&3; exit $status`], {
      cwd,
      stdio: ['ignore', 'inherit', 'inherit', 'pipe'],
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    });
    let times = '';
    child.stdio[3].on('data', (chunk) => (times += chunk));
    child.on('exit', (code) => resolve({ code, childrenCpu: parseTimes(times) }));
  });
}

/** bash `times`: the shell's own user and system time, then its children's (e.g. "1m2.500s 0m3.250s"). */
function parseTimes(text) {
  const lines = text.trim().split('\n');
  const seconds = (value) => {
    const match = /^(\d+)m([\d.]+)s$/.exec(value ?? '');
    return match ? Number(match[1]) * 60 + Number(match[2]) : null;
  };
  const [user, system] = (lines[1] ?? '').split(' ').map(seconds);
  return user === null || system === null ? null : { user: Math.round(user), system: Math.round(system) };
}

/** Sums the JSON report's test durations per spec and project (seconds, the last attempt's included). */
function perSpec(report) {
  const totals = {};
  const counts = { tests: 0, passed: 0, failed: 0, flaky: 0, skipped: 0 };
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const key = `${test.projectName} ${spec.file}`;
        const seconds = test.results.reduce((sum, result) => sum + result.duration, 0) / 1000;
        totals[key] = Math.round(((totals[key] ?? 0) + seconds) * 10) / 10;
        counts.tests += 1;
        counts[test.status === 'expected' ? 'passed' : test.status === 'unexpected' ? 'failed' : test.status] += 1;
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites) walk(suite);
  return { counts, specs: Object.fromEntries(Object.entries(totals).sort(([, a], [, b]) => b - a)) };
}

function loadSampler() {
  const samples = [];
  const timer = setInterval(() => samples.push(machineSnapshot().load?.[0] ?? null), 10_000);
  return () => {
    clearInterval(timer);
    const known = samples.filter((n) => n !== null);
    return known.length ? { mean: Math.round((known.reduce((a, b) => a + b, 0) / known.length) * 100) / 100, max: Math.max(...known) } : null;
  };
}

async function main() {
  let cwd = root;
  let install = null;
  if (!here) {
    cwd = mkdtempSync(path.join(tmpdir(), 'test-loop-'));
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    log(`fresh clone of ${head.slice(0, 7)} in ${cwd}`);
    execFileSync('git', ['clone', '--quiet', root, cwd]);
    execFileSync('git', ['checkout', '--quiet', head], { cwd });
    const before = machineSnapshot();
    const installed = await timed('npm install --no-audit --no-fund', cwd);
    if (installed.code !== 0) throw new Error('npm install failed in the clone');
    install = machineBetween(before, machineSnapshot()).wallSeconds;
  }
  const results = [];
  for (let i = 1; i <= runs; i++) {
    log(`run ${i} of ${runs}`);
    for (const stale of ['test-results/e2e.json', 'test-results/machine.json']) rmSync(path.join(cwd, stale), { force: true });
    const before = machineSnapshot();
    const sampleLoad = loadSampler();
    const run = await timed('npm test', cwd);
    const machine = machineBetween(before, machineSnapshot());
    const reportFile = path.join(cwd, 'test-results/e2e.json');
    // A run that stopped before the e2e tests (a failed check) has no report: its figures say so.
    const report = existsSync(reportFile) ? JSON.parse(readFileSync(reportFile, 'utf8')) : { stats: { duration: 0 }, suites: [] };
    const e2eMachine = existsSync(path.join(cwd, 'test-results/machine.json'))
      ? JSON.parse(readFileSync(path.join(cwd, 'test-results/machine.json'), 'utf8'))
      : null;
    const { counts, specs } = perSpec(report);
    const e2eSeconds = Math.round(report.stats.duration / 100) / 10;
    results.push({
      date: new Date(before.at).toISOString(),
      exitCode: run.code,
      minutes: Math.round((machine.wallSeconds / 60) * 100) / 100,
      seconds: machine.wallSeconds,
      e2eSeconds,
      beforeE2eSeconds: Math.round((machine.wallSeconds - e2eSeconds) * 10) / 10,
      tests: counts,
      runCpuSeconds: run.childrenCpu,
      machine: { ...machine, loadDuringRun: sampleLoad() },
      sharedServersCpuSeconds: e2eMachine?.sharedServersCpuSeconds ?? null,
      specs,
    });
    log(
      `run ${i}: ${machine.wallSeconds} s (e2e ${e2eSeconds} s), exit ${run.code}, busy ${machine.shares?.busyPercent} %, steal ${machine.shares?.stealPercent} %`,
    );
  }
  const byTime = [...results].sort((a, b) => a.seconds - b.seconds);
  const median = byTime[Math.floor(byTime.length / 2)];
  const file = path.join(root, 'bench/test-loop.json');
  const previous = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const history = [...(previous.history ?? []), ...(previous.before ? [{ before: previous.before, after: previous.after }] : [])];
  if (previous.median)
    history.push({ date: previous.median.date, commit: previous.commit, medianMinutes: previous.median.minutes, tests: previous.median.tests?.tests });
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd, encoding: 'utf8' }).trim();
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        note: 'Written by `npm run bench:test-loop` (bench/test-loop.mjs); docs/testing.md "How long it takes" explains the figures.',
        commit,
        freshClone: !here,
        installSeconds: install,
        runs: results.map(({ specs: _specs, ...run }) => run),
        median: { ...median, specs: undefined },
        medianSpecs: median.specs,
        history,
      },
      null,
      2,
    )}\n`,
  );
  // In the repository's own format, so `npm run lint` passes with the figures committed.
  execFileSync('npx', ['prettier', '--write', file], { cwd: root, stdio: 'ignore' });
  log(`median ${median.minutes} min over ${runs} run(s); written to bench/test-loop.json`);
  if (!here) rmSync(cwd, { recursive: true, force: true });
  if (results.some((r) => r.exitCode !== 0)) process.exitCode = 1;
}

await main();
