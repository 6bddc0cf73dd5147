import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests against the real build (the standalone server) and the stand-in provider,
 * both started on free loopback ports by global-setup.ts. Browser flows run twice, with
 * JavaScript on and off; HTTP-level checks run once.
 */
const chromium = {
  browserName: 'chromium' as const,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
  },
};

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  // Writes test-results/contact-sheet.html from the screenshots the run took.
  globalTeardown: './tests/e2e/support/global-teardown.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: { ...chromium, trace: 'retain-on-failure' },
  projects: [
    // Tests that exist in one mode only are tagged so the other project does not list them.
    { name: 'js-on', testDir: 'tests/e2e/flows', use: { javaScriptEnabled: true }, grepInvert: /@js-off-only/ },
    { name: 'js-off', testDir: 'tests/e2e/flows', use: { javaScriptEnabled: false }, grepInvert: /@js-on-only/ },
    { name: 'http', testDir: 'tests/e2e/http' },
  ],
});
