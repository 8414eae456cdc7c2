import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'src/web/route-tree.gen.ts',
      'test-results/**',
      'e2e-artifacts/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The layering rules of DESIGN.md, enforced: the browser bundle never reaches the server or the
    // producer, and serving never depends on producing.
    files: ['src/web/**/*.{ts,tsx}', 'src/api/**/*.ts', 'src/ton/**/*.ts'],
    // the API module's tests read the real server; they are not part of the bundle
    ignores: ['src/api/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/server/**', '**/ledger/**', 'better-sqlite3', '@ton/sandbox', 'fastify'] },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    // tests of the server generate the ledger they query; the served code itself never imports it
    ignores: ['src/server/**/*.test.ts', 'src/server/test-support/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/ledger/**', '@ton/sandbox'] }] },
  },
  {
    // Production code never imports test support (a part's harnesses, kept in its test-support/
    // folders): only tests, other test support, e2e/ and bench/ do.
    files: ['src/**/*.{ts,tsx,mjs,js}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/**/test-support/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['ImportDeclaration', 'ImportExpression', 'ExportNamedDeclaration', 'ExportAllDeclaration'].map((node) => ({
          selector: `${node}[source.value=/(^|\\/)test-support(\\/|$)/]`,
          message: 'Production code never imports test support; only tests, test support, e2e/ and bench/ do.',
        })),
      ],
    },
  },
  {
    // the store is shared by the producer and the service: it knows neither
    files: ['src/store/**/*.ts'],
    // test support builds the generated ledgers the engines' tests read
    ignores: ['src/store/**/test-support/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/ledger/**', '**/server/**', '@ton/sandbox', 'fastify'] }],
    },
  },
);
