/**
 * `npm run bench`, the Lighthouse part: Lighthouse 12 (mobile preset, simulated throttling) on every
 * public page and on the two ordering pages of the production build, served exactly as `npm start`
 * serves it (scripts/serve.ts) on free ports and a throwaway data dir, in Debian's Chromium. Each
 * route runs BENCH_RUNS times (default 3) and the median run by performance is reported. Writes its
 * section of docs/benchmarks.md and prints the table.
 * A benchmark, not a test: it never fails the build, it reports.
 */
import { execFileSync } from 'node:child_process';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import type { Result } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { editorsRepo } from '#features/editors/server/editors.repo';
import { DEMO_EDITORS } from '#features/editors/server/seed';
import { startBlobsServer } from '../platform/site-server';
import { CHECKOUT_KEY, type CheckoutData } from '#features/orders/islands/checkout-data';
import { NO_ADD_ONS } from '#lib/catalogue';
import { priceOrder } from '#lib/pricing';
import { freePort } from '../platform/free-port.mjs';
import { loadNote, REPORT, writeSection } from './report';
import { startSite } from './site';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
type Targets = Partial<Record<Category, number>> & { tbtMs?: number };
// The Lighthouse targets. The ordering pages need >= 90 performance, as they load
// React and Firebase Auth; they are `noindex` on purpose (a cart is nothing to find in a search), so
// Lighthouse's SEO score, which wants every page indexable, is reported but not a target there.
// Every public page, at 4x CPU: at most 50 ms of blocking time, performance 100.
const PUBLIC: Targets = { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100, tbtMs: 50 };
const ORDERING: Targets = { performance: 90, accessibility: 100, 'best-practices': 100 };
/**
 * What /select-services hands to /checkout in sessionStorage: without it, /checkout only says so and
 * goes back to /services. Built as the summary builds it, from the catalogue and a demo editor.
 */
function checkoutHandOver(): CheckoutData {
  const editor = DEMO_EDITORS.find((e) => e.id === 'maya-chen')!;
  const priced = priceOrder({
    services: [
      { id: 'common-app-essay', quantity: 1 },
      { id: 'activity-list', quantity: 1 },
    ],
    addOns: ['community'],
    owned: NO_ADD_ONS,
    editorFull: false,
  });
  return {
    services: priced.serviceLines.map((l) => ({ key: l.id, title: l.title, price: l.unitCents, quantity: l.quantity })),
    editor: {
      id: editor.id,
      name: editor.name,
      college: editor.college,
      major: editor.major,
      slotsOpen: editor.slotsOpen,
    },
    addOns: { community: true, speed24hr: false, speed48hr: false },
    total: priced.totalCents,
    userEmail: '',
  };
}

/** How many editors the busy list holds: the site's list must stay fast as the team grows. */
const MANY_EDITORS = 50;

/** The demo editors and more like them, written into a data directory before its site starts. */
async function manyEditors(dataDir: string) {
  const blobs = await startBlobsServer(dataDir);
  try {
    const repo = editorsRepo();
    const base = Date.now();
    await Promise.all(
      Array.from({ length: MANY_EDITORS }, (_, i) => {
        const { id, ...input } = DEMO_EDITORS[i % DEMO_EDITORS.length];
        const demo = i < DEMO_EDITORS.length;
        return repo.create(
          demo ? id : `${id}-${i}`,
          demo ? input : { ...input, name: `${input.name} ${i}`, accountEmail: undefined },
          new Date(base + i),
        );
      }),
    );
  } finally {
    await blobs.stop();
  }
}

const ROUTES: { route: string; targets: Targets; sessionStorage?: Record<string, unknown>; manyEditors?: true }[] = [
  ...[
    '/',
    '/about',
    '/services',
    '/pricing',
    '/editors',
    '/community',
    '/contact',
    '/privacy-policy',
    '/terms-of-service',
  ].map((route) => ({ route, targets: PUBLIC })),
  // An editor's profile and a major's list: pages made from the editors, one of each kind.
  ...['/editors/maya-chen', '/editors/major/computer-science'].map((route) => ({ route, targets: PUBLIC })),
  // The same list with MANY_EDITORS on the site (the build knows the demo ones; the rest come live).
  { route: '/editors', targets: PUBLIC, manyEditors: true },
  { route: '/select-services', targets: ORDERING },
  { route: '/checkout', targets: ORDERING, sessionStorage: { [CHECKOUT_KEY]: checkoutHandOver() } },
];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** BENCH_ROUTES=/contact,/editors measures only those routes (while working on them), and writes no report. */
const ONLY = process.env.BENCH_ROUTES?.split(',');
const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Headless flags that work on our machines, offline.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml)|image\/svg\+xml)/;

/**
 * Netlify's CDN serves text brotli- or gzip-compressed; the local server sends it raw. A small
 * compressing proxy in front of it stands in for the CDN, so transfer sizes are the real ones.
 */
async function startCompressingProxy(upstream: string) {
  const port = await freePort();
  const server = createHttpServer((req, res) => {
    const headers = { ...req.headers, 'accept-encoding': 'identity' };
    delete headers.host;
    const forward = httpRequest(`${upstream}${req.url}`, { method: req.method, headers }, (answer) => {
      const accepts = String(req.headers['accept-encoding'] ?? '');
      const compressible = COMPRESSIBLE.test(answer.headers['content-type'] ?? '');
      const encoding = !compressible ? null : accepts.includes('br') ? 'br' : accepts.includes('gzip') ? 'gzip' : null;
      const out = { ...answer.headers };
      if (encoding) {
        delete out['content-length'];
        out['content-encoding'] = encoding;
        out.vary = 'Accept-Encoding';
      }
      res.writeHead(answer.statusCode ?? 502, out);
      if (!encoding) return void answer.pipe(res);
      const compress =
        encoding === 'br' ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : createGzip();
      answer.pipe(compress).pipe(res);
    });
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { origin: `http://localhost:${port}`, close: () => server.close() };
}

const ms = (value: number | undefined) => (value === undefined ? 'n/a' : `${Math.round(value)} ms`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function summarise(route: string, targets: Targets, lhr: Result) {
  const score = (id: Category) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const scripts = (
    lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined
  )?.items?.find((item) => item.resourceType === 'script');
  // What keeps a category from its target: its weighted audits that did not pass.
  const misses = CATEGORIES.filter((id) => score(id) < (targets[id] ?? 0)).flatMap((id) =>
    lhr.categories[id].auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 1)
      .map(
        (ref) => `${id}: ${lhr.audits[ref.id].title} (${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score})`,
      ),
  );
  const tbt = lhr.audits['total-blocking-time'].numericValue ?? 0;
  if (targets.tbtMs !== undefined && tbt > targets.tbtMs)
    misses.push(`blocking time ${Math.round(tbt)} ms, over ${targets.tbtMs} ms`);
  return {
    route,
    scores: CATEGORIES.map(score),
    lcp: ms(lhr.audits['largest-contentful-paint'].numericValue),
    cls: (lhr.audits['cumulative-layout-shift'].numericValue ?? 0).toFixed(3),
    tbt: ms(lhr.audits['total-blocking-time'].numericValue),
    js: kb(scripts?.transferSize ?? 0),
    misses,
  };
}

const site = await startSite();
const cdn = await startCompressingProxy(site.origin);
const busySite = await startSite(manyEditors);
const busyCdn = await startCompressingProxy(busySite.origin);
const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
const browser: Browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });

/**
 * One Lighthouse run. With `storage`, the run happens in a tab that first puts it into the origin's
 * sessionStorage, and Lighthouse is told not to clear storage: the state a visitor arrives with.
 */
async function audit(url: string, storage?: Record<string, unknown>) {
  const flags = {
    port: chrome.port,
    output: 'json' as const,
    logLevel: 'error' as const,
    onlyCategories: [...CATEGORIES],
  };
  if (!storage) return lighthouse(url, flags);
  const page = await browser.newPage();
  try {
    await page.goto(new URL('/robots.txt', url).href);
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) sessionStorage.setItem(key, JSON.stringify(value));
    }, storage);
    // Keeping storage keeps the HTTP cache too; a first visit has nothing cached.
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    return await lighthouse(url, { ...flags, disableStorageReset: true }, undefined, page);
  } finally {
    await page.close();
  }
}
const rows: ReturnType<typeof summarise>[] = [];
const startLoad = loadavg()[0];
let lighthouseVersion = '';
try {
  for (const { route, targets, sessionStorage, manyEditors: busy } of ROUTES.filter(
    (r) => !ONLY || ONLY.includes(r.route),
  )) {
    const runs: Result[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await audit(`${(busy ? busyCdn : cdn).origin}${route}`, sessionStorage);
      if (result?.lhr && !result.lhr.runtimeError) runs.push(result.lhr);
      lighthouseVersion = result?.lhr.lighthouseVersion ?? lighthouseVersion;
    }
    if (runs.length === 0) throw new Error(`Lighthouse produced no valid run for ${route}`);
    const row = summarise(busy ? `${route} (${MANY_EDITORS} editors)` : route, targets, computeMedianRun(runs));
    rows.push(row);
    console.log(`${route}: ${row.scores.join(' / ')}  LCP ${row.lcp}  CLS ${row.cls}  TBT ${row.tbt}  JS ${row.js}`);
  }
} finally {
  await browser.disconnect();
  await chrome.kill();
  cdn.close();
  busyCdn.close();
  await Promise.all([site.stop(), busySite.stop()]);
}

const chromium = execFileSync(CHROME_PATH, ['--version'], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'ignore'],
}).trim();
const table = [
  '| Route | Performance | Accessibility | Best practices | SEO | LCP | CLS | TBT | JS transferred |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map((r) => `| \`${r.route}\` | ${r.scores.join(' | ')} | ${r.lcp} | ${r.cls} | ${r.tbt} | ${r.js} |`),
].join('\n');
const misses = rows.filter((r) => r.misses.length > 0);
const section = `## Lighthouse

Lighthouse ${lighthouseVersion} with its default mobile preset (simulated slow 4G, 4x CPU slowdown), ${chromium},
against the production build served by \`scripts/serve.ts\`, behind a compressing proxy that stands in for Netlify's CDN
(brotli, as the CDN serves text). Median of ${RUNS} runs per route by performance score. \`npm run bench\` on
${new Date().toISOString().slice(0, 10)}; ${loadNote(startLoad)} (simulated throttling scales what it observes, so a busy machine scores lower).
Targets: performance >= ${PUBLIC.performance} and at most ${PUBLIC.tbtMs} ms of blocking time on the public pages, and performance >= ${ORDERING.performance} on \`/select-services\` and \`/checkout\`;
accessibility and best practices ${PUBLIC.accessibility} everywhere; SEO ${PUBLIC.seo} on the public pages (the two ordering pages are
\`noindex\` on purpose, which Lighthouse's SEO score counts against them).

${table}

\`/editors\` and an editor's profile run React as the page loads (the grid and the booking box are in view); \`/contact\`'s form
loads its script when the visitor first reaches into it (\`client:interaction\`: it works and keeps what is typed before), the
home and about editor islands when scrolled into view, and the other public pages ship only the header menu and newsletter
scripts. The ${MANY_EDITORS}-editor row is \`/editors\` on a site with ${MANY_EDITORS} editors: the build's demo editors in the HTML, the rest from the live list.
"JS transferred" counts response headers too (the CSP is long), so a page with two small scripts shows about 8 KB. \`/select-services\` and
\`/checkout\` load React and Firebase Auth at once: the session decides what they show. \`/checkout\` is measured as a visitor
arrives from \`/select-services\`: with the order it hands over in sessionStorage (two services, an editor, an add-on).

${misses.length === 0 ? 'Every route meets every target.' : `### Below target\n\n${misses.map((r) => `- \`${r.route}\`: ${r.misses.join('; ')}`).join('\n')}`}
`;
if (ONLY) console.log(`\n${table}\n\nBENCH_ROUTES is set: ${REPORT} is left as it was.`);
else {
  writeSection('lighthouse', section);
  console.log(`\n${table}\n\nWritten to ${REPORT}.`);
}
