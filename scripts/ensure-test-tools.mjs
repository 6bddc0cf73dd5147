// System programs the end-to-end tests need and npm cannot provide here:
//
// - Chromium: Playwright cannot download its own browsers, so the tests use Debian's build of
//   Chromium's headless shell (CHROMIUM_PATH, or /usr/bin/chromium-headless-shell): the same
//   engine as the full browser without its windowing layers, and what Playwright itself runs for
//   headless tests; on this two-core machine the browser tests took a fifth less time with it
//   than with the full browser (bench/test-loop.json);
// - nginx: the multi-replica test puts two app processes behind it (NGINX_PATH, or
//   /usr/sbin/nginx);
// - Redis: the shared store for limits across replicas (REDIS_SERVER_PATH, or
//   /usr/bin/redis-server); the multi-replica test starts one of its own;
// - Prometheus (Debian's prometheus package): promtool checks the app's exposition and the alerting
//   rules (PROMTOOL_PATH, or /usr/bin/promtool), and the server scrapes two replicas behind nginx
//   (PROMETHEUS_PATH, or /usr/bin/prometheus);
// - the Prometheus Pushgateway: the synthetic sign-in pushes its result to it
//   (PUSHGATEWAY_PATH, or /usr/bin/prometheus-pushgateway).
//
// Each is found, installed with apt-get when running as root, or named exactly as missing.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const TOOLS = [
  {
    name: 'Chromium (headless shell)',
    env: 'CHROMIUM_PATH',
    pkg: 'chromium-headless-shell',
    candidates: [process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell'],
    why: 'The end-to-end tests drive a real browser.',
  },
  {
    name: 'nginx',
    env: 'NGINX_PATH',
    pkg: 'nginx-light',
    candidates: [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'],
    why: 'The multi-replica test balances two app processes behind it.',
  },
  {
    name: 'Redis',
    env: 'REDIS_SERVER_PATH',
    pkg: 'redis-server',
    candidates: [process.env.REDIS_SERVER_PATH, '/usr/bin/redis-server'],
    why: 'The multi-replica test shares its limits through it.',
  },
  {
    name: 'promtool (Prometheus)',
    env: 'PROMTOOL_PATH',
    pkg: 'prometheus',
    candidates: [process.env.PROMTOOL_PATH, '/usr/bin/promtool'],
    why: 'The metrics test checks the exposition with `promtool check metrics`.',
  },
  {
    name: 'Prometheus',
    env: 'PROMETHEUS_PATH',
    pkg: 'prometheus',
    candidates: [process.env.PROMETHEUS_PATH, '/usr/bin/prometheus'],
    why: 'The monitoring test has a real Prometheus scrape two replicas and evaluate the alerting rules.',
  },
  {
    name: 'Prometheus Pushgateway',
    env: 'PUSHGATEWAY_PATH',
    pkg: 'prometheus-pushgateway',
    candidates: [process.env.PUSHGATEWAY_PATH, '/usr/bin/prometheus-pushgateway'],
    why: 'The synthetic sign-in pushes its result to it, as its Kubernetes CronJob does.',
  },
];

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
const foundPath = (tool) => tool.candidates.filter(Boolean).find((path) => existsSync(path));
const missing = TOOLS.filter((tool) => !foundPath(tool));

for (const tool of TOOLS.filter((t) => !missing.includes(t))) console.log(`ensure-test-tools: ${tool.name} at ${foundPath(tool)}`);
if (missing.length === 0) process.exit(0);

if (!isRoot || !hasApt) {
  for (const tool of missing) {
    console.error(
      `ensure-test-tools: no ${tool.name} found (looked at ${tool.candidates.filter(Boolean).join(', ')}). ${tool.why}\n` +
        (hasApt ? `  Install it as root: apt-get update && apt-get install -y ${tool.pkg}\n` : `  Install it and set ${tool.env} to its binary.\n`),
    );
  }
  process.exit(1);
}

console.log(`ensure-test-tools: installing ${missing.map((t) => t.pkg).join(', ')} (apt-get)…`);
const apt = (args) => execFileSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
try {
  apt(['update', '-qq']);
  // Only the programs: a package's recommended extras (prometheus's exporters, say) are not needed.
  apt(['install', '-y', '-qq', '--no-install-recommends', ...new Set(missing.map((t) => t.pkg))]);
} catch {
  console.error('ensure-test-tools: apt-get could not install them (see the output above).');
  process.exit(1);
}
for (const tool of missing) {
  if (!foundPath(tool)) {
    console.error(`ensure-test-tools: apt-get finished but ${tool.name} is still missing.`);
    process.exit(1);
  }
  console.log(`ensure-test-tools: installed ${tool.name} at ${foundPath(tool)}`);
}
