import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests against the real build (the standalone server) and the stand-in provider,
 * both started on free loopback ports by global-setup.ts. Browser flows run with JavaScript, and
 * again without it where what they assert differs there; HTTP-level checks run once.
 */
const chromium = {
  browserName: 'chromium' as const,
  launchOptions: {
    // Debian's Chromium headless shell (scripts/ensure-test-tools.mjs says why not the full browser).
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
  },
};

export default defineConfig<object, { generation: 'current' | 'legacy' }>({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  // Writes test-results/contact-sheet.html from the screenshots the run took.
  globalTeardown: './tests/e2e/support/global-teardown.ts',
  fullyParallel: true,
  // Three on two cores: with two, the machine was idle a quarter of the time (tests waiting on
  // the app, the stand-in or a countdown); with three it is busy 95 % and the run 10 % shorter.
  workers: 3,
  // A failed test runs once more, recording a full trace (below), and the run still fails: a test
  // that passes only on its retry is reported flaky and fails the run like any other failure.
  retries: 1,
  failOnFlakyTests: true,
  forbidOnly: true,
  // Whole sign-ins (a reset and a sign-in with it, say) on a loaded 2-core CI machine.
  timeout: 45_000,
  expect: { timeout: 10_000 },
  // The JSON report holds every test's duration, project and retry: `npm run bench:test-loop`
  // sums it per spec (docs/testing.md "How long it takes").
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    ...chromium,
    // The trace (every action with the DOM before and after it, the screencast, the network and
    // the console) is recorded on the retry of a failed test only. Recorded for every test, kept
    // or not, it cost a tenth of a matrix-heavy subset's time even without its screencast, and a
    // sixth more with it (bench/test-loop.json). The failed attempt itself leaves a screenshot
    // and the page's accessibility snapshot (error-context.md).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    // HTTP-level checks first: their longest tests (replicas.spec.ts, about a minute with its
    // own replicas) then start early and run beside the browser flows instead of ending the run
    // on one worker while the others wait.
    { name: 'http', testDir: 'tests/e2e/http' },
    // Every flow runs with JavaScript. Without it only where what the test asserts differs there
    // (a control only a no-JS browser gets, a full-page post, a page that waits for a press, the
    // server's checks in place of the browser's…): tagged @no-js with an annotation saying what
    // differs, or @js-off-only (tests/e2e/support/run-modes.ts). A server action runs the same
    // whether a script or the form posts it, so a second run of everything else proved nothing
    // new and cost a fifth of the suite. The contact sheet photographs its en-GB states without
    // JavaScript too (its other languages are @js-on-only, as are the matrix's walks with it).
    { name: 'js-on', testDir: 'tests/e2e/flows', use: { javaScriptEnabled: true }, grepInvert: /@js-off-only/ },
    {
      name: 'js-off',
      testDir: 'tests/e2e/flows',
      use: { javaScriptEnabled: false },
      grep: [/@no-js/, /@js-off-only/, /contact-sheet\.spec\.ts/],
      grepInvert: /@js-on-only/,
    },
    // The flows whose provider calls differ by API generation (reset, e-mail confirmation) and the
    // MFA + group journey run again against the legacy generation (docs/provider-contract.md §3),
    // without JavaScript: the generation changes only what the server asks the provider, and a
    // server action runs the same whether a script or the form posts it, so this is where every
    // step is a request of its own. (Run with JavaScript as well, the same 18 tests cost 70 s of
    // a worker; what a script changes is the browser's side, which never sees the generation.)
    {
      name: 'js-off-legacy',
      testDir: 'tests/e2e/flows',
      use: { javaScriptEnabled: false, generation: 'legacy' },
      grep: /@generations/,
      grepInvert: /@js-on-only/,
    },
  ],
});
