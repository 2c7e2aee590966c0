/**
 * `npm test`: the function tests (vitest; one file at a time, about one core between the test worker
 * and the Blobs server; docs/decisions/061) from the start and throughout, getting a core the moment they need one. Beside
 * them, one after another: lint, type, unused-export and format checks, a production build, the unit and deploy tests
 * (bundling and building, which take both cores), then the browser tests (Playwright +
 * the headless Chromium of @sparticuz/chromium) against the build, at a lower priority (`nice`), which take what the function tests
 * leave (on one core they start once the function tests end). With the bundling beside them, the browser tests that ran meanwhile took up to eight times as
 * long as alone and hit their limits: the few minutes this order costs buy a run that does not depend
 * on the machine's speed. The browser tests run in E2E_SHARDS shards at once (3 by default), each
 * against a site, an Auth emulator and a data directory of its own on free ports, so no test sees
 * another's data. Spec files go to the shards by how long each took (tests/e2e/durations.json, from a
 * run's test-results/e2e-durations.json), so the shards end together. Prints the ten slowest tests, how
 * long each stage took (they overlap) and the whole run, then ends with one plain line, `N passed, N
 * failed`, all runners' counts added up, and exits non-zero if anything failed or nothing ran.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath } from './platform/chromium.mjs';
import { portPicker, randomPortStart } from './platform/free-port.mjs';

// The shards' ports from one range; each vitest run picks its own from the next ones.
const portsStart = randomPortStart();
const shardPort = portPicker(portsStart);
const vitestPortsStart = (run) => portsStart + 100 * (run + 1);

const stages = [];
const runStarted = Date.now();
/** Runs a command of a named stage, its output as it comes; answers its exit status and remembers how long it took. */
const run = (stage, command, args) =>
  timed(
    stage,
    new Promise((resolve) => spawn(command, args, { stdio: 'inherit' }).on('close', (code) => resolve(code ?? 1))),
  );

/** Starts a command whose output lines are prefixed with `label`; answers its exit status. */
function runPrefixed(label, command, args, env = process.env) {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (stream, out) => {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const line of lines) out.write(`[${label}] ${line}\n`);
    });
    stream.on('end', () => rest && out.write(`[${label}] ${rest}\n`));
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

/** Awaits `work`, remembering it as a stage that took from now until it ends. */
async function timed(stage, work) {
  const started = Date.now();
  const status = await work;
  stages.push({ stage, seconds: (Date.now() - started) / 1000, status });
  return status;
}

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

// The function tests throughout, from the start: the longest stage, and one that needs no build.
const shards = Number(process.env.E2E_SHARDS ?? 3);
// Files named on the command line: Playwright splits them itself.
const parts = extraArgs.some((arg) => !arg.startsWith('-')) ? null : balancedSpecs(shards);
const LOWER = ['nice', '-n', '10'];
const vitestRuns = [
  { stage: 'function tests (vitest)', label: 'functions', projects: ['functions'] },
  { stage: 'unit and deploy tests (vitest)', label: 'unit+deploy', projects: ['unit', 'deploy'] },
];
const functionTests = timed(vitestRuns[0].stage, runVitest(vitestRuns[0], 0));

// Beside them, one after another: lint, types, unused exports and format (an error or a file Prettier would change fails the
// run; the tests still run, to say all), the production build the browser tests run against, the unit
// and deploy tests, then the browser tests.
if ((await run('lint (eslint)', 'npx', ['eslint', '.'])) !== 0) failed += 1;
if ((await run('types (tsc --noEmit)', 'npx', ['tsc', '--noEmit'])) !== 0) failed += 1;
if ((await run('unused files and exports (knip)', 'npx', ['knip'])) !== 0) failed += 1;
if ((await run('format (prettier --check)', 'npx', ['prettier', '--check', '.'])) !== 0) failed += 1;
const built = (await run('site build (astro)', 'npx', ['astro', 'build'])) === 0;
if (!built) failed += 1;
const unitStatus = await timed(vitestRuns[1].stage, runVitest(vitestRuns[1], 1));
// On one core the function tests would leave the browser tests (at a lower priority) nothing, and
// their waits would run out: there they run after the function tests, as the core frees.
if (availableParallelism() < 2) await functionTests;
const results = built ? await browserTests() : [];
const vitestStatuses = [await functionTests, unitStatus];
const vitestReports = vitestRuns.map(({ label }) => readJson(vitestReport(label)));
vitestRuns.forEach((_, i) => {
  const report = vitestReports[i];
  passed += report?.numPassedTests ?? 0;
  failed += report ? report.numFailedTests : 1;
  if (vitestStatuses[i] !== 0 && report && report.numFailedTests === 0) failed += 1; // a crash outside any test
});
for (const { status, stats } of results) {
  passed += stats?.expected ?? 0;
  failed += stats ? stats.unexpected : 1;
  if (status !== 0 && stats && stats.unexpected === 0) failed += 1;
}

function vitestReport(label) {
  return `test-results/vitest-report-${label.replace('+', '-')}.json`;
}

/** One vitest run of some projects; its output lines are prefixed with its label. */
function runVitest({ label, projects }, run) {
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((name) => ['--project', name]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport(label)}`,
  ];
  return runPrefixed(label, 'npx', args, { ...process.env, PORT_RANGE_START: String(vitestPortsStart(run)) });
}

/** The shards at once; remembered as one stage. */
async function browserTests() {
  const started = Date.now();
  // Unpacked once here, not by three shards' first launches at once.
  await chromiumPath();
  const all = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1, shards, parts?.[i])));
  writeDurations(all.length);
  stages.push({
    stage: `browser tests (playwright, ${shards} shards)`,
    seconds: (Date.now() - started) / 1000,
    status: all.every((r) => r.status === 0) ? 0 : 1,
  });
  return all;
}

/**
 * The spec files in `count` parts of about equal time, longest first into the part with least so far.
 * A file not timed yet counts as the median file.
 */
function balancedSpecs(count) {
  const durations = readJson('tests/e2e/durations.json') ?? {};
  const known = Object.values(durations).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)] ?? 1;
  const files = readdirSync('tests/e2e').filter((file) => file.endsWith('.spec.ts'));
  const parts = Array.from({ length: count }, () => ({ seconds: 0, files: [] }));
  for (const file of files.sort((a, b) => (durations[b] ?? median) - (durations[a] ?? median) || a.localeCompare(b))) {
    const lightest = parts.reduce((min, part) => (part.seconds < min.seconds ? part : min));
    lightest.seconds += durations[file] ?? median;
    lightest.files.push(`tests/e2e/${file}`);
  }
  return parts.map((part) => part.files);
}

/** Seconds per spec file in this run, summed over its tests: copy to tests/e2e/durations.json when files change much. */
function writeDurations(count) {
  const seconds = {};
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests)
        for (const r of t.results) seconds[spec.file] = (seconds[spec.file] ?? 0) + r.duration / 1000;
    for (const child of suite.suites ?? []) walk(child);
  };
  for (let i = 1; i <= count; i++)
    for (const suite of readJson(`test-results/e2e-report-${i}.json`)?.suites ?? []) walk(suite);
  const sorted = Object.fromEntries(
    Object.entries(seconds)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([file, s]) => [file, Math.round(s)]),
  );
  writeFileSync('test-results/e2e-durations.json', `${JSON.stringify(sorted, null, 2)}\n`);
}

/** One shard of the browser tests, against its own site; its output lines are prefixed with its number. */
async function runShard(index, total, files) {
  if (files?.length === 0) return { status: 0, stats: { expected: 0, unexpected: 0 } }; // more shards than files
  const report = `test-results/e2e-report-${index}.json`;
  const env = {
    ...process.env,
    E2E_PORT: String(await shardPort()),
    E2E_AUTH_PORT: String(await shardPort()),
    E2E_AUTH_HUB_PORT: String(await shardPort()),
    E2E_AUTH_LOGGING_PORT: String(await shardPort()),
    E2E_DATA_DIR: mkdtempSync(join(tmpdir(), `bcc-e2e-${index}-`)),
    E2E_REPORT: report,
    E2E_OUTPUT_DIR: `test-results/e2e-${index}`,
  };
  const which = files ? files : [`--shard=${index}/${total}`];
  // At a lower priority, inherited by the site, the Auth emulator and Chromium (see the top).
  const status = await runPrefixed(
    `${index}/${total}`,
    LOWER[0],
    [...LOWER.slice(1), 'npx', 'playwright', 'test', ...which, ...extraArgs],
    env,
  );
  return { status, stats: readJson(report)?.stats };
}

/** Every test of this run with its time: vitest's from its JSON report, Playwright's from each shard's. */
function testTimes() {
  const times = [];
  for (const file of vitestReports.flatMap((report) => report?.testResults ?? [])) {
    const name = file.name.replace(`${process.cwd()}/`, '');
    for (const t of file.assertionResults ?? [])
      if (typeof t.duration === 'number')
        times.push({ seconds: t.duration / 1000, name: `${name} › ${t.fullName ?? t.title}` });
  }
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests)
        for (const r of t.results)
          times.push({
            seconds: r.duration / 1000,
            name: `tests/e2e/${spec.file} › ${[...titles, spec.title].join(' › ')}`,
          });
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (let i = 1; i <= shards; i++)
    for (const suite of readJson(`test-results/e2e-report-${i}.json`)?.suites ?? []) walk(suite, []);
  return times;
}

const slowest = testTimes()
  .sort((a, b) => b.seconds - a.seconds)
  .slice(0, 10);
if (slowest.length) {
  console.log('\nThe ten slowest tests:');
  for (const { seconds, name } of slowest)
    console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${name.length > 150 ? `${name.slice(0, 149)}…` : name}`);
}

const total = (Date.now() - runStarted) / 1000;
console.log('\nStages (the function tests run beside the others):');
for (const { stage, seconds, status } of stages)
  console.log(`  ${stage.padEnd(42)} ${seconds.toFixed(0).padStart(5)} s${status === 0 ? '' : '  (failed)'}`);
console.log(`  ${'total'.padEnd(42)} ${total.toFixed(0).padStart(5)} s`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
