import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { dirname, resolve, sep } from 'node:path';

// Which folder may import which, by folder name wherever the folder sits (so a feature, a model or a
// test-support folder added later is covered without a new pattern):
// - a file of `features/<a>/` never imports `features/<b>/`: what two features share belongs to the
//   view model (`model/`) or to a shared component;
// - `components/` never import features, and `model/` imports no features, components or routes;
// - production code never imports a `test-support/` folder: only tests (`*.test.*`), other test
//   support, e2e/ and bench/ (outside src/, so never checked here) may.
const segmentsOf = (file) => file.split(sep);
const within = (file, folder) => segmentsOf(file).includes(folder);
function featureOf(file) {
  const s = segmentsOf(file);
  const i = s.lastIndexOf('features');
  return i >= 0 && i + 1 < s.length ? s.slice(0, i + 2).join('/') : null;
}
const isTest = (file) => /\.test\.[cm]?[jt]sx?$/.test(file) || within(file, 'e2e') || within(file, 'test-support');

function breachOf(from, to) {
  const [a, b] = [featureOf(from), featureOf(to)];
  if (a && b && a !== b)
    return 'a feature never imports another feature (share it through src/web/model or components)';
  if (within(from, 'components') && b) return 'shared components never import features';
  if (within(from, 'model') && (b || within(to, 'components') || within(to, 'routes')))
    return 'the view model imports no features, components or routes';
  if (within(to, 'test-support') && !isTest(from)) return 'production code never imports test support';
  return null;
}

const boundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const check = (node, source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const message = breachOf(context.filename, resolve(dirname(context.filename), source.value));
      if (message) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: (n) => check(n, n.source),
      ExportNamedDeclaration: (n) => check(n, n.source),
      ExportAllDeclaration: (n) => check(n, n.source),
      ImportExpression: (n) => check(n, n.source),
    };
  },
};

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
    // the one line a contracts project's CommonJS jest/vitest setup file has (docs/sandbox.md)
    files: ['src/sandbox/test-support/setups/**/*.cjs', 'bench/tools/jest-suite/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
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
    files: ['src/**/*.{ts,tsx,mjs,js}'],
    plugins: { folders: { rules: { boundaries } } },
    rules: { 'folders/boundaries': 'error' },
  },
  {
    // The layering rules, enforced: the browser bundle never reaches the server or the
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
    // the store is shared by the producer and the service: it knows neither
    files: ['src/store/**/*.ts'],
    // test support builds the generated ledgers the engines' tests read
    ignores: ['src/store/**/test-support/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/ledger/**', '**/server/**', '@ton/sandbox', 'fastify'] }],
    },
  },
);
