import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('.', import.meta.url)),
      // The real package throws outside React's server build; unit tests import server modules directly.
      'server-only': fileURLToPath(new URL('tests/unit/support/empty.ts', import.meta.url)),
    },
  },
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/unit/support/setup.ts'],
    environment: 'node',
    restoreMocks: true,
  },
});
