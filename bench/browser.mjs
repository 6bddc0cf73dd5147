import { existsSync } from 'node:fs';

/**
 * The browser the benchmarks use: Debian's full Chromium (Lighthouse audits it as a person's
 * browser, with `--headless=new`). The end-to-end tests use the lighter headless shell
 * (CHROMIUM_PATH, scripts/ensure-test-tools.mjs), which `npm test` installs; this one is the
 * benchmarks' own: `apt-get install -y chromium`.
 */
const BENCH_CHROMIUM = process.env.BENCH_CHROMIUM_PATH ?? '/usr/bin/chromium';

export function requireBenchChromium() {
  if (!existsSync(BENCH_CHROMIUM)) {
    throw new Error(`bench: no Chromium at ${BENCH_CHROMIUM}. Install Debian's (apt-get install -y chromium) or set BENCH_CHROMIUM_PATH.`);
  }
  return BENCH_CHROMIUM;
}
