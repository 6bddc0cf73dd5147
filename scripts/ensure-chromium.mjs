// Playwright cannot download its own browsers here, so the end-to-end tests use Debian's
// Chromium. This finds it (CHROMIUM_PATH, or /usr/bin/chromium), installs it with apt-get when
// running as root, and otherwise says exactly what is missing.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
const found = () => candidates.find((path) => existsSync(path));

if (found()) {
  console.log(`ensure-chromium: using ${found()}`);
  process.exit(0);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (!isRoot || !hasApt) {
  console.error(
    'ensure-chromium: no Chromium found (looked at ' + candidates.join(', ') + ').\n' +
      (hasApt
        ? '  Install it as root: apt-get update && apt-get install -y chromium\n'
        : '  Install a Chromium build and point CHROMIUM_PATH at its binary.\n') +
      '  The end-to-end tests drive a real browser and cannot run without one.',
  );
  process.exit(1);
}

console.log('ensure-chromium: installing Debian chromium (apt-get)…');
const apt = (args) => execFileSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
try {
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', 'chromium']);
} catch {
  console.error('ensure-chromium: apt-get could not install chromium (see the output above).');
  process.exit(1);
}
if (!found()) {
  console.error('ensure-chromium: apt-get finished but /usr/bin/chromium is still missing.');
  process.exit(1);
}
console.log(`ensure-chromium: installed ${found()}`);
