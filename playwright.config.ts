/**
 * Browser tests against the production build served exactly as `npm start` serves it, on its own
 * ports and a fresh data dir so they can run beside `npm start`. scripts/test.mjs picks free ports;
 * run directly, the E2E_* defaults below apply.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const env = process.env;
// Workers re-read this file: the first evaluation fixes the data dir for all of them.
env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'bcc-e2e-'));
const port = env.E2E_PORT ?? '18888';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // One worker per site: tests share the site's data (the editors list, an editor's slots), so they run
  // one at a time against it. `npm test` runs shards in parallel, each against a site of its own.
  workers: Number(env.E2E_WORKERS ?? 1),
  retries: 0,
  // Limits, not waits: a passing test never sits them out, so they are set for a machine four times
  // slower than CI's (two shards on one core, or the CPU throttled 4x; docs/decisions/027). A test
  // that needs a script to have run waits for the state that proves it, never for time.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: env.E2E_REPORT ?? 'test-results/e2e-report.json' }]],
  outputDir: env.E2E_OUTPUT_DIR ?? 'test-results/e2e',
  use: {
    baseURL: `http://localhost:${port}`,
    // No trace by default: recording one for every test, to keep the failed ones, cost 13% of the
    // browser tests' CPU (consult.spec.ts: 160 core-seconds with it, 139 without), and a CI run shows
    // only its printed output. E2E_TRACE=1 keeps a failed test's trace: every action, the DOM at each,
    // the console and the network. One screenshot of a failure always.
    trace: env.E2E_TRACE === '1' ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium, with Playwright's --disable-features and ours joined (see the script).
      executablePath: resolve('tests/helpers/chromium.sh'),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // Playwright starts it in a session of its own: keep-priority.sh keeps it at the run's priority.
    command: 'tests/helpers/keep-priority.sh npx tsx scripts/serve.ts',
    url: `http://localhost:${port}/`,
    reuseExistingServer: false,
    // Beyond the Auth emulator's own limit (scripts/platform/auth-emulator.ts), so that its error is the one shown.
    timeout: 420_000,
    stdout: 'pipe',
    env: {
      PORT: port,
      DATA_DIR: env.E2E_DATA_DIR,
      AUTH_EMULATOR_PORT: env.E2E_AUTH_PORT ?? '19099',
      AUTH_EMULATOR_HUB_PORT: env.E2E_AUTH_HUB_PORT ?? '14400',
      AUTH_EMULATOR_LOGGING_PORT: env.E2E_AUTH_LOGGING_PORT ?? '14500',
      AUTH_EMAIL_LINKS: 'quiet',
      // Backups, reports and timers every minute cost the shards CPU and held up their requests; a
      // test that needs a run asks for one (runScheduled in tests/helpers/e2e-admin.ts).
      SCHEDULED_RUNS: 'on-request',
    },
  },
});
