/**
 * `npm run bench`, the API part: the production build served as `npm start` serves it, loaded over
 * loopback with GET /api/database/editors and POST /api/database/subscribe, beside a bare server that
 * answers the same JSON from memory (the ceiling on this machine); then each page's gzipped
 * JavaScript against its budget. Bounded: BENCH_API_SECONDS (default 5) per turn, three turns each,
 * BENCH_API_CONNECTIONS (default 10) connections, at most 50,000 requests. Prints the results and
 * writes them into their own section of docs/benchmarks.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../platform/free-port.mjs';
import { builtPages, jsBudget, pageJavaScript } from './built-pages';
import { load, type LoadOptions, type LoadResult } from './load';
import { loadNote, REPORT, writeSection } from './report';
import { spawnTsx, startSite, stopGroup, waitFor } from './site';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 10);
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 50;

const run = `${Date.now()}`;
/** The editors list, the busiest read, has targets; the sign-up (a write) is measured and reported. */
const targets: { name: string; path: string; options: Omit<LoadOptions, 'url'>; hasTarget: boolean }[] = [
  { name: 'GET /api/database/editors', path: '/api/database/editors', options: {}, hasTarget: true },
  // Every sign-up is a new address: one new record each, as real sign-ups are.
  {
    name: 'POST /api/database/subscribe',
    path: '/api/database/subscribe',
    options: { method: 'POST', body: JSON.stringify({ email: `bench-${run}-[<id>]@example.com` }) },
    hasTarget: false,
  },
];

/**
 * Site and ceiling take turns, ROUNDS times, and each side's median round is reported: this machine's
 * neighbours come and go, and a burst during one side's only turn would decide the ratio.
 */
const ROUNDS = 3;
const median = (results: LoadResult[]) => [...results].sort((a, b) => a.rps - b.rps)[Math.floor(results.length / 2)];

async function compare(origins: { site: string; ceiling: string }, target: (typeof targets)[number]) {
  const base = (origin: string) => ({ ...target.options, url: `${origin}${target.path}`, connections: CONNECTIONS });
  // Warm up: connections, caches, JIT.
  for (const origin of [origins.site, origins.ceiling]) await load({ ...base(origin), seconds: 2 });
  const rounds: { site: LoadResult; ceiling: LoadResult }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    rounds.push({
      site: await load({ ...base(origins.site), seconds: SECONDS }),
      ceiling: await load({ ...base(origins.ceiling), seconds: SECONDS }),
    });
  }
  const site = median(rounds.map((r) => r.site));
  return {
    site: { ...site, errors: rounds.reduce((sum, r) => sum + r.site.errors, 0) },
    ceiling: median(rounds.map((r) => r.ceiling)),
  };
}

const startLoad = loadavg()[0];
const site = await startSite();
const scratch = mkdtempSync(join(tmpdir(), 'bcc-ceiling-'));
const editorsFile = join(scratch, 'editors.json');
writeFileSync(editorsFile, await (await fetch(`${site.origin}/api/database/editors`)).text());
const ceilingPort = await freePort();
const ceiling = spawnTsx('scripts/bench/ceiling.ts', [String(ceilingPort), editorsFile]);
const ceilingOrigin = `http://127.0.0.1:${ceilingPort}`;

const results: { name: string; hasTarget: boolean; site: LoadResult; ceiling: LoadResult }[] = [];
try {
  await waitFor(`${ceilingOrigin}/`, ceiling, 30_000);
  for (const target of targets) {
    const { site: ofSite, ceiling: ofCeiling } = await compare({ site: site.origin, ceiling: ceilingOrigin }, target);
    results.push({ name: target.name, hasTarget: target.hasTarget, site: ofSite, ceiling: ofCeiling });
    console.log(
      `${target.name}: ${ofSite.rps.toFixed(0)} req/s (p50 ${ofSite.p50.toFixed(1)} ms, p99 ${ofSite.p99.toFixed(1)} ms, ${ofSite.errors} errors); ceiling ${ofCeiling.rps.toFixed(0)} req/s`,
    );
  }
} finally {
  await stopGroup(ceiling);
  await site.stop();
  rmSync(scratch, { recursive: true, force: true });
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const percent = (value: number) => `${Math.round(value * 100)}%`;
const apiTable = [
  '| Endpoint | Site req/s | p50 | p99 | Errors | Ceiling req/s | Ceiling p99 | Site / ceiling | Target met |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ...results.map(({ name, hasTarget, site: s, ceiling: c }) => {
    const ratio = s.rps / c.rps;
    const met = !hasTarget
      ? 'no target'
      : ratio >= TARGET_RATIO && s.p99 < TARGET_P99_MS && s.errors === 0
        ? 'yes'
        : 'no';
    return `| \`${name}\` | ${s.rps.toFixed(0)} | ${ms(s.p50)} | ${ms(s.p99)} | ${s.errors} | ${c.rps.toFixed(0)} | ${ms(c.p99)} | ${percent(ratio)} | ${met} |`;
  }),
].join('\n');

const pagesTable = [
  '| Page | Gzipped JavaScript | Budget | Files |',
  '|---|---:|---:|---:|',
  ...builtPages().map((page) => {
    const { gzipBytes, files } = pageJavaScript(page);
    return `| \`${page.route}\` | ${(gzipBytes / 1024).toFixed(1)} KB | ${jsBudget(page.route) / 1024} KB | ${files.length} |`;
  }),
].join('\n');

const node = process.version;
const cpu = `${cpus().length} x ${cpus()[0]?.model.trim()}`;
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
const section = `## API throughput and latency

\`npm run bench\` (this part alone: \`npx tsx scripts/bench/api.ts\` after \`npm run build\`), on ${new Date().toISOString().slice(0, 10)} at commit ${commit}: the production
build served by \`scripts/serve.ts\` (functions in-process, local Blobs server, no CDN), loaded over loopback by
autocannon (\`scripts/bench/load.ts\`) with ${CONNECTIONS} keep-alive connections
after a 2 s warm-up; site and ceiling take ${ROUNDS} turns of ${SECONDS} s each, and each side's median turn by throughput is
reported (errors are summed over all turns). The ceiling is a bare \`node:http\` server answering the same
JSON from memory (\`scripts/bench/ceiling.ts\`). Node ${node}, ${cpu}, ${loadNote(startLoad)}. Targets for the editors list:
at least ${percent(TARGET_RATIO)} of the ceiling's throughput and p99 under ${TARGET_P99_MS} ms. A sign-up writes one record to the local Blobs server
(a file and its metadata), which sets its pace here; on Netlify it is a network write to Blobs.

${apiTable}

## JavaScript per page

The gzipped JavaScript each page of the build loads without interaction (module graph and islands followed, dynamic
imports included), against the budgets that \`tests/e2e/budgets.spec.ts\` enforces.

${pagesTable}`;

writeSection('api-bench', section);
console.log(`\n${apiTable}\n\n${pagesTable}\n\nWritten to ${REPORT}.`);
