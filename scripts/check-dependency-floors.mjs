// The dependency gate (no release with a known advisory ships): the registry's audit endpoint is not reachable
// here, so the installed versions in package-lock.json are compared with the floors below, the
// first releases that fix the known advisories. Raise a floor when a security release appears
// (within 7 days for Next and React, docs/testing.md "Operations and security").
import { readFileSync } from 'node:fs';

const FLOORS = {
  next: '16.4.2',
  react: '19.2.8',
  'react-dom': '19.2.8',
  'iron-session': '8.0.4',
  'openid-client': '6.1.0',
  // The provider transport (lib/provider/http.ts) and openid-client's fetch. 8.9.0: CVE-2026-13697
  // (malformed Cache-Control directives: a private answer served from the shared cache, or an
  // uncaught TypeError; fixed in 7.29.0 and 8.9.0). It includes 8.5.0's fixes: CVE-2026-6733
  // (GHSA-35p6-xmwp-9g52) and CVE-2026-12151 (unbounded memory on WebSocket frames).
  undici: '8.9.0',
  // The tenant's consent texts, shown as HTML (lib/provider/consent.ts). 2.17.4: CVE-2026-44990 (GHSA-rpr9-rxv7-x643), the content of a
  // disallowed <xmp> passed through unescaped under the default discard mode (stored XSS);
  // before it 2.12.1: CVE-2024-21501 (GHSA-rm97-x556-q36h).
  'sanitize-html': '2.17.4',
};

// The lock file to check: package-lock.json beside this script's folder, or the one named (tests).
const lockPath = process.argv[2] ?? new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const parse = (version) => version.split('-')[0].split('.').map(Number);
const below = (version, floor) => {
  const [a, b] = [parse(version), parse(floor)];
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return version.includes('-'); // a pre-release of the floor is below it
};

const problems = [];
for (const [name, floor] of Object.entries(FLOORS)) {
  // Every copy counts, nested ones included.
  const copies = Object.entries(lock.packages ?? {}).filter(([path]) => path === `node_modules/${name}` || path.endsWith(`/node_modules/${name}`));
  if (copies.length === 0) problems.push(`${name}: not in package-lock.json`);
  for (const [path, entry] of copies) {
    if (below(entry.version, floor)) problems.push(`${path}@${entry.version} is below the floor ${floor}`);
  }
}
if (problems.length > 0) {
  console.error(`check-dependency-floors: ${problems.length} problem(s)\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`check-dependency-floors: ${Object.keys(FLOORS).join(', ')} at or above their floors`);
