// `npm run test:mutants [-- <id> …] [--verify]`: proves that the suite fails each named mutant of
// tests/mutants/mutants.mjs (docs/testing.md "Mutants"). Not part of `npm test`: each mutant
// outside tests/ needs a build of its own (about 3 minutes here), so the whole list takes a while.
// A detached worktree of HEAD in a temporary directory takes one mutant at a time (its files reset
// in between); node_modules is a hard-linked copy of this checkout's. `--verify` only checks that
// every `find` matches exactly once and every listed test exists, without building or running.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mutants } from '../tests/mutants/mutants.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const verifyOnly = args.includes('--verify');
const chosen = args.filter((a) => !a.startsWith('--'));
const selected = chosen.length ? mutants.filter((m) => chosen.includes(m.id)) : mutants;
const log = (...parts) => console.log('mutants:', ...parts);

function occurrences(text, find) {
  return text.split(find).length - 1;
}

function run(command, commandArgs, cwd, extraEnv = {}) {
  const started = Date.now();
  const result = spawnSync(command, commandArgs, { cwd, encoding: 'utf8', env: { ...process.env, ...extraEnv }, maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status, seconds: Math.round((Date.now() - started) / 1000), output: `${result.stdout}${result.stderr}` };
}

/** The Playwright or vitest command of a check, run in `cwd`. */
function checkCommand(check) {
  if (check.unit) return ['npx', ['vitest', 'run', check.unit]];
  return ['npx', ['playwright', 'test', check.e2e, '--project', check.project, '--grep', check.grep, '--retries', '0', '--reporter', 'line']];
}

function verify(cwd) {
  const problems = [];
  for (const mutant of selected) {
    const file = path.join(cwd, mutant.file);
    const count = existsSync(file) ? occurrences(readFileSync(file, 'utf8'), mutant.find) : 0;
    if (count !== 1) problems.push(`${mutant.id}: its find matches ${count} times in ${mutant.file}`);
    for (const check of mutant.checks.filter((c) => c.e2e)) {
      const listed = run('npx', ['playwright', 'test', check.e2e, '--project', check.project, '--grep', check.grep, '--list'], cwd);
      const match = /Total: (\d+) tests?/.exec(listed.output);
      if (!match || Number(match[1]) === 0) problems.push(`${mutant.id}: no test in ${check.project} ${check.e2e} matches "${check.grep}"`);
    }
  }
  return problems;
}

function main() {
  if (verifyOnly) {
    const problems = verify(root);
    for (const problem of problems) log(problem);
    log(problems.length ? `${problems.length} problem(s)` : `${selected.length} mutants: every find matches once, every check names tests`);
    process.exitCode = problems.length ? 1 : 0;
    return;
  }
  const work = mkdtempSync(path.join(tmpdir(), 'mutants-'));
  execFileSync('git', ['worktree', 'add', '--detach', '--quiet', work, 'HEAD'], { cwd: root });
  execFileSync('cp', ['-al', path.join(root, 'node_modules'), path.join(work, 'node_modules')]);
  const results = [];
  // What the copy's build is of: 'clean' (unchanged product code, which a mutant under tests/ can
  // use), a product mutant's id, or null.
  let built = null;
  const buildFor = (mutant) => (mutant.file.startsWith('tests/') ? 'clean' : mutant.id);
  try {
    const problems = verify(work);
    if (problems.length) throw new Error(`the list does not fit the code:\n${problems.join('\n')}`);
    // Every check passes on the unchanged copy first, so a failure below is the mutant's doing.
    if (!args.includes('--no-baseline')) {
      if (selected.some((m) => m.checks.some((c) => c.e2e))) {
        if (run('npm', ['run', 'build'], work).status !== 0) throw new Error('the unchanged copy does not build');
        built = 'clean';
      }
      for (const check of selected.flatMap((m) => m.checks)) {
        const [command, commandArgs] = checkCommand(check);
        const outcome = run(command, commandArgs, work);
        if (outcome.status !== 0) throw new Error(`a check fails on the unchanged copy: ${command} ${commandArgs.join(' ')}\n${outcome.output.slice(-3000)}`);
      }
      log('baseline: every listed check passes on the unchanged copy');
    }
    for (const mutant of selected) {
      execFileSync('git', ['checkout', '--quiet', '--', '.'], { cwd: work });
      const file = path.join(work, mutant.file);
      writeFileSync(file, readFileSync(file, 'utf8').replace(mutant.find, mutant.replace));
      // Unit checks first: a mutant they kill needs no build.
      const ordered = [...mutant.checks.filter((c) => c.unit), ...mutant.checks.filter((c) => c.e2e)];
      let killedBy = null;
      let seconds = 0;
      for (const check of ordered) {
        if (check.e2e && built !== buildFor(mutant)) {
          const build = run('npm', ['run', 'build'], work);
          seconds += build.seconds;
          built = build.status === 0 ? buildFor(mutant) : null;
          // A mutant the build itself refuses is caught (by the type-check `npm test` runs).
          if (build.status !== 0) {
            killedBy = 'npm run build';
            break;
          }
        }
        const [command, commandArgs] = checkCommand(check);
        const outcome = run(command, commandArgs, work);
        seconds += outcome.seconds;
        if (outcome.status !== 0) {
          killedBy = check.unit ?? `${check.project} ${check.e2e} "${check.grep}"`;
          break;
        }
      }
      results.push({ id: mutant.id, what: mutant.what, killedBy, seconds });
      log(`${mutant.id} ${killedBy ? `killed by ${killedBy}` : 'SURVIVED'} (${seconds} s)`);
    }
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', work], { cwd: root });
    rmSync(work, { recursive: true, force: true });
  }
  const survivors = results.filter((r) => !r.killedBy);
  console.log(`\n| mutant | what | killed by | s |\n|---|---|---|---|`);
  for (const r of results) console.log(`| ${r.id} | ${r.what} | ${r.killedBy ?? '**survived**'} | ${r.seconds} |`);
  log(`${results.length - survivors.length} of ${results.length} killed`);
  process.exitCode = survivors.length ? 1 : 0;
}

main();
