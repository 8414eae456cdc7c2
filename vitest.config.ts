import { defineConfig } from 'vitest/config';

// Two projects: the Node side (ton primitives, API module, server, store, ledger producer) and the
// browser side (the explorer, in jsdom). End-to-end specs live in e2e/ and run under Playwright.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/{ton,api,store,server,ledger,cli,sandbox}/**/*.test.ts', 'bench/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          pool: 'forks',
        },
      },
      {
        // the black-box API suites again, served from the same seed's ledger in a real PostgreSQL
        test: {
          name: 'node-postgres',
          environment: 'node',
          include: [
            'src/server/{consistency,parameters,hostile}.test.ts',
            'src/server/operations/balance-changes.test.ts',
          ],
          env: { LEDGER_TEST_ENGINE: 'postgres' },
          testTimeout: 120_000,
          hookTimeout: 300_000,
          pool: 'forks',
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
