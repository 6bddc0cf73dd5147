import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...nextVitals,
  ...nextTs,
  {
    // Action signatures are fixed by React: an unused leading argument is named with "_".
    rules: { '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }] },
  },
  {
    // Playwright fixtures receive a callback named `use`; it is not React's hook.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    ignores: ['**/.next/**', 'node_modules/**', 'bench/tmp/**', '**/next-env.d.ts', 'test-results/**', 'playwright-report/**'],
  },
];

export default config;
