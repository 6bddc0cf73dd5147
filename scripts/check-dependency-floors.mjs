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
};

const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
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
