/**
 * `npm test`: unit, function and deploy tests (vitest), then a production build and the browser tests
 * (Playwright + Debian's chromium) on free ports. Prints how long each stage took, then ends with one
 * plain line, `N passed, N failed`, the two runners' counts added up, and exits non-zero if anything
 * failed or nothing ran.
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

const stages = [];
/** Runs a command of a named stage and remembers how long it took. */
const run = (stage, command, args, env = {}) => {
  const started = Date.now();
  const status = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
  stages.push({ stage, seconds: (Date.now() - started) / 1000, status });
  return status;
};

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
const vitestStatus = run('unit, function and deploy tests (vitest)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest-report.json']);
const vitest = readJson('test-results/vitest-report.json');
passed += vitest?.numPassedTests ?? 0;
failed += vitest ? vitest.numFailedTests : 1;
if (vitestStatus !== 0 && vitest && vitest.numFailedTests === 0) failed += 1; // a crash outside any test

// 2. The production build, then the browser tests against it.
if (run('site build (astro)', 'npx', ['astro', 'build']) !== 0) {
  failed += 1;
} else {
  const ports = { E2E_PORT: await freePort(), E2E_AUTH_PORT: await freePort(), E2E_AUTH_HUB_PORT: await freePort(), E2E_AUTH_LOGGING_PORT: await freePort() };
  const e2eStatus = run('browser tests (playwright)', 'npx', ['playwright', 'test', ...extraArgs], ports);
  const stats = readJson('test-results/e2e-report.json')?.stats;
  passed += stats?.expected ?? 0;
  failed += stats ? stats.unexpected : 1;
  if (e2eStatus !== 0 && stats && stats.unexpected === 0) failed += 1;
}

const total = stages.reduce((sum, s) => sum + s.seconds, 0);
console.log('\nStages:');
for (const { stage, seconds, status } of stages) console.log(`  ${stage.padEnd(42)} ${seconds.toFixed(0).padStart(5)} s${status === 0 ? '' : '  (failed)'}`);
console.log(`  ${'total'.padEnd(42)} ${total.toFixed(0).padStart(5)} s`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
