import { defineConfig } from '@playwright/test';

// End-to-end tests run against the real server over a real, deterministic ledger (fixed seed, live
// production off), built and served by e2e/serve-fixture-ledger.ts (the webServer below). Playwright cannot download browsers here, so
// the tests drive Debian's Chromium; CHROMIUM_PATH points them at another browser.
const port = Number(process.env.E2E_PORT ?? 8181);

export default defineConfig({
  testDir: './e2e',
  outputDir: './e2e-artifacts/results',
  timeout: 60_000,
  retries: 0,
  forbidOnly: true,
  workers: 1,
  reporter: [['list'], ['html', { outputFolder: 'e2e-artifacts/report', open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'explorer', testIgnore: /static-host\.spec\.ts$/ },
    // the built files on a plain static host of the test's own, the API on another origin
    { name: 'static-host', testMatch: /static-host\.spec\.ts$/ },
  ],
  webServer: {
    command: 'tsx e2e/serve-fixture-ledger.ts',
    url: `http://127.0.0.1:${port}/api/v3/masterchainBlockShardState?seqno=0`,
    reuseExistingServer: false,
    timeout: 300_000,
    env: { PORT: String(port), HOST: '127.0.0.1', LEDGER_LIVE: 'off' },
  },
});
