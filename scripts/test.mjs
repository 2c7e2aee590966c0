/**
 * `npm test`: unit and function tests (vitest), then a production build and the browser tests
 * (Playwright + Debian's chromium) on free ports. Ends with one plain line, `N passed, N failed`,
 * the two runners' counts added up, and exits non-zero if anything failed or nothing ran.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(String(port)));
    });
  });

const run = (command, args, env = {}) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

mkdirSync('test-results', { recursive: true });
const extraArgs = process.argv.slice(2);
let passed = 0;
let failed = 0;

// 1. Unit and function tests.
const vitestStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest-report.json']);
const vitest = readJson('test-results/vitest-report.json');
passed += vitest?.numPassedTests ?? 0;
failed += vitest ? vitest.numFailedTests : 1;
if (vitestStatus !== 0 && vitest && vitest.numFailedTests === 0) failed += 1; // a crash outside any test

// 2. The production build, then the browser tests against it.
if (run('npx', ['astro', 'build']) !== 0) {
  failed += 1;
} else {
  const ports = { E2E_PORT: await freePort(), E2E_AUTH_PORT: await freePort(), E2E_AUTH_HUB_PORT: await freePort(), E2E_AUTH_LOGGING_PORT: await freePort() };
  const e2eStatus = run('npx', ['playwright', 'test', ...extraArgs], ports);
  const stats = readJson('test-results/e2e-report.json')?.stats;
  passed += stats?.expected ?? 0;
  failed += stats ? stats.unexpected : 1;
  if (e2eStatus !== 0 && stats && stats.unexpected === 0) failed += 1;
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
