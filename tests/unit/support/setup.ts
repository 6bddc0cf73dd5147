import { afterEach } from 'vitest';

/** A complete, valid configuration for modules that read it; tests override single values. */
export const TEST_ENV = {
  PROVIDER_URL: 'http://127.0.0.1:4999',
  PUBLIC_URL: 'http://localhost:3999',
  SESSION_SECRET: 'test-secret-that-is-long-enough-to-seal-cookies',
  CLIENT_ID: 'test-client',
  CLIENT_SECRET: 'test-client-secret',
  LOG_LEVEL: 'silent',
} as const;

Object.assign(process.env, TEST_ENV);

afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
  }
});
