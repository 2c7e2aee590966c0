/**
 * `npm run bench`, the scale part: what the owner's and the families' reads cost as the business grows.
 * Paid orders with their projects are seeded through the repositories (orders created, settled as paid
 * and listed as their family's; projects made from them, most long finished) into the local Blobs
 * server, in steps of SIZES. At each size every operation runs once, called directly as its function
 * calls it, behind a proxy that counts each storage request and adds the round trip a function has to
 * Blobs in production (ROUND_TRIP_MS). A read that does not grow with history keeps its requests flat
 * from size to size; one that does grows with the orders. Sizes beyond what seeding here allows are
 * modelled from the measured growth (requests per order), marked as such. Writes its own section of
 * docs/benchmarks.md.
 *   npx tsx scripts/bench/scale.ts      (BENCH_SCALE_SIZES=1000,10000 to choose the sizes)
 */
import { execFileSync } from 'node:child_process';
import { startBlobsHost, ROUND_TRIP_MS } from './blobs-host';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_EDITORS, seedDemoEditors } from '#features/editors/server/seed';
import { editorsRepo, forgetEditorLists } from '#features/editors/server/editors.repo';
import { ordersRepo } from '#features/orders/server/orders.repo';
import { consultsRepo } from '#features/consults/server/consults.repo';
import { projectsOfOrder } from '#features/projects/server/creation';
import type { Project, Round } from '#features/projects/project';
import { ledgerRepo } from '#features/payouts/server/ledger';
import { projectsRepo } from '#features/projects/server/projects.repo';
import { OPEN_STATES, transitionNamed } from '#features/projects/process';
import { exportCsvRows, keepSettledDays, monthsReport } from '#features/admin/server/reports';
import { search } from '#features/admin/server/search';
import { readBase } from '#server/backup/catalog';
import { BASE_COPIES_BY_COMMAND, exportBackup } from '#server/backup/export';
import { BACKED_UP_STORES, BASE_KEY, isBackedUpKey } from '#server/backup/layout';
import { setJournalClock } from '#server/storage/journal';
import { openStore } from '#server/storage/stores';
import { outboxPage, sendMail } from '#server/core/mail';
import { benchOrderDraft } from './orders';
import { loadNote, writeSection } from './report';

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '1000,10000').split(',').map(Number);
const MODELLED = 100_000;
/** What the issue asks of an owner's page and of a family's or editor's page, at any size. */
const OWNER_MS = 3_000;
const PERSON_MS = 1_000;
/** Orders per family: a family comes back for more essays, never for a business's whole history. */
const ORDERS_PER_FAMILY = 3;

/** Points every store at `edgeURL` (the proxy, or the server itself for seeding). */
function useEdge(edgeURL: string) {
  const context = JSON.parse(Buffer.from(process.env.NETLIFY_BLOBS_CONTEXT!, 'base64').toString());
  process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(
    JSON.stringify({ ...context, edgeURL, uncachedEdgeURL: edgeURL }),
  ).toString('base64');
  return context.edgeURL as string;
}

// --- Seeding --------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
/** Orders spread over the two years before now, about as a growing business takes them. */
const orderTime = (n: number, total: number) => new Date(Date.now() - Math.floor(((total - n) / total) * 730) * DAY_MS);

function draft(n: number) {
  const family = `family-${Math.floor(n / ORDERS_PER_FAMILY)}`;
  return benchOrderDraft(family, DEMO_EDITORS[n % DEMO_EDITORS.length], 1 + (n % 3), {
    studentName: `Student ${n}`,
    studentEmail: `student-${n}@example.com`,
    parentName: `Parent ${Math.floor(n / ORDERS_PER_FAMILY)}`,
    parentEmail: `${family}@example.com`,
  });
}

/** A project's first round, sent with its order and returned two days later, as the editor returns it. */
const firstRound = (project: Project, at: Date): Round => ({
  n: 1,
  submittedAt: at.toISOString(),
  prompt: 'Why us?',
  draft: { kind: 'text', text: 'Draft' },
  turnaround: 'standard',
  dueAt: new Date(at.getTime() + 5 * DAY_MS).toISOString(),
  acknowledgedAt: at.toISOString(),
  returnedAt: new Date(at.getTime() + RETURNED_AFTER_MS).toISOString(),
  notes: 'Notes',
  files: [],
  late: false,
});
const RETURNED_AFTER_MS = 2 * DAY_MS;
const [RETURNED, FINAL] = [transitionNamed('return').to!, transitionNamed('finalize').to!];
const FINISHED_AFTER_MS = 4 * DAY_MS;

/**
 * A project as its family and editor leave it `now`: returned two days after its order, final two
 * days after that with its editor's earning in the ledger; a newer one awaits its draft.
 */
async function seedProject(project: Project, at: Date, now: number) {
  const finishedAt = new Date(at.getTime() + FINISHED_AFTER_MS).toISOString();
  if (now - at.getTime() < RETURNED_AFTER_MS) return void (await projectsRepo().create(project));
  const finished = now - at.getTime() >= FINISHED_AFTER_MS;
  await projectsRepo().create({
    ...project,
    state: finished ? FINAL : RETURNED,
    version: finished ? 5 : 3,
    rounds: [firstRound(project, at)],
    history: finished
      ? [{ at: finishedAt, by: 'customer', actor: 'Parent', type: 'finalize', from: RETURNED, to: FINAL }]
      : [],
  });
  if (finished)
    await ledgerRepo().add([
      {
        id: `earned-${project.id}`,
        editorId: project.editor.id,
        kind: 'earning',
        cents: Math.round(project.priceCents * 0.7),
        at: finishedAt,
        payableAt: finishedAt,
        projectId: project.id,
        label: project.service.title,
        part: null,
        payoutId: null,
      },
    ]);
}

/** One paid order as checkout and the payment make it, and its projects as fulfilment and work leave them. */
async function seedOrder(n: number, at: Date) {
  const orders = ordersRepo();
  const order = await orders.create(draft(n), at);
  const paid = await orders.change(order.id, (o) => ({
    ...o,
    status: 'paid',
    payment: { ...o.payment, paidAt: at.toISOString() },
  }));
  await orders.publish(order);
  // The family's confirmation, kept in the outbox as it is without a mail server.
  await sendMail(
    { kind: 'order', to: order.customer.email, subject: `Your order ${order.id} is confirmed`, text: 'Thank you.' },
    undefined,
    at,
  );
  for (const project of projectsOfOrder(paid!)) await seedProject(project, at, Date.now());
}

/**
 * The seeded history stands for years of orders: the marks its writes left on settled days and the
 * report's days, months and rows kept from the smaller size are dropped, as if the history had been there all along.
 */
async function asIfLongAgo() {
  const dropped = [
    { store: openStore('orders'), prefix: 'changed/' },
    { store: openStore('orders'), prefix: 'rows-changed/' },
    { store: openStore('projects'), prefix: 'changed/' },
    { store: openStore('ledger'), prefix: 'changed/' },
    { store: openStore('report-days'), prefix: '' },
  ];
  for (const { store, prefix } of dropped) {
    const { blobs } = await store.list(prefix ? { prefix } : undefined);
    for (let start = 0; start < blobs.length; start += 50)
      await Promise.all(blobs.slice(start, start + 50).map((blob) => store.delete(blob.key)));
  }
}

async function seedTo(size: number, from: number) {
  for (let n = from; n < size; n += 50)
    await Promise.all(
      Array.from({ length: Math.min(50, size - n) }, (_, k) => seedOrder(n + k, orderTime(n + k, size))),
    );
}

// --- The operations -------------------------------------------------------------------------------

const SEARCH = 'Search for a family by address';
const SEARCH_MANY = 'Search for a name one family in nine matches';
const HOURLY_KEEP = "Hourly run keeping the report's days and the files' rows, nothing new to keep";
const CSV_MONTH = 'Orders CSV of this month so far, its settled days kept';
/**
 * Twelve months at a tenth of the size: as many orders as one month at the size modelled, in twelve
 * kept months where that month is one.
 */
const CSV_YEAR = 'Orders CSV of twelve months, their settled months kept';
const COLD_REPORT = 'Month report, the last 12 months, its days counted for the first time';
const SAME_REPORT = 'The same report again, its settled days kept';
const MONTH_TO_DATE = 'Month-to-date report';
/**
 * A report reads its settled days kept and its recent days from their records: what grows with the
 * business is the recent days' orders, not its history. These run again once the last BUSY_DAYS hold
 * as many orders a day as MODELLED orders over two years would, and that is their column at MODELLED.
 */
const BUSY_OPERATIONS = [SAME_REPORT, MONTH_TO_DATE, HOURLY_KEEP];
const BUSY_DAYS = 8;
const BASE = 'First whole copy for the backups (once), by `npm run backup`';
const HOURLY = 'Hourly backup of an hour with three new orders';
/**
 * The journal's hours: seeding is journaled in an hour no run reaches, as if long backed up; each
 * size's busy hour is one of its own, copied 90 minutes after it began.
 */
const SEEDING_HOUR = Date.parse('2100-01-01T00:10:00.000Z');
let busyHour = Date.parse('2026-01-01T09:10:00.000Z');
const HOUR_MS = 3_600_000;

/** Three new orders in an hour of their own; the base as if copied when the site was small. */
async function busyHourOf(size: number) {
  const backups = openStore('backups');
  const base = await readBase(backups);
  if (base && !base.finishedAt)
    await backups.setJSON(BASE_KEY, { ...base, stores: BACKED_UP_STORES, finishedAt: new Date().toISOString() });
  busyHour += HOUR_MS;
  setJournalClock(() => busyHour);
  for (let k = 0; k < 3; k++) await seedOrder(900_000 + size + k, orderTime(900_000 + size + k, size));
  setJournalClock(() => SEEDING_HOUR);
}
const month = new Date().toISOString().slice(0, 7);
const lastYear = `${new Date(Date.now() - 365 * DAY_MS).toISOString().slice(0, 7)}`;
const OPERATIONS: {
  name: string;
  who: 'owner' | 'person';
  /** What comes before the operation, not counted. */
  setup?: (size: number) => Promise<void>;
  run: () => Promise<unknown>;
}[] = [
  {
    name: COLD_REPORT,
    who: 'owner',
    run: () => monthsReport({ from: lastYear, to: month }, {}),
  },
  {
    name: SAME_REPORT,
    who: 'owner',
    run: () => monthsReport({ from: lastYear, to: month }, {}),
  },
  { name: MONTH_TO_DATE, who: 'owner', run: () => monthsReport({ from: month, to: month }, {}) },
  {
    name: HOURLY_KEEP,
    who: 'owner',
    // The runs before it kept every settled day of the report and of the files (`npm run reindex` on a deploy with history).
    setup: async () => void (await keepSettledDays({})),
    run: () => keepSettledDays({}),
  },
  { name: CSV_MONTH, who: 'owner', run: () => exportCsvRows('orders', `${month}-01`, `${month}-28`) },
  {
    name: CSV_YEAR,
    who: 'owner',
    run: () => exportCsvRows('orders', `${lastYear}-01`, `${month}-28`),
  },
  {
    name: SEARCH,
    who: 'owner',
    // The lists' word keys are built once where records were stored before them (a new site's first
    // search, or `npm run reindex`): not what each search costs.
    setup: async () => void (await search('warm-up')),
    run: () => search('family-7@example.com'),
  },
  // 'Parent 7', 'Parent 70'... 'Parent 7999': one family in nine matches, and each match is read to count it.
  { name: SEARCH_MANY, who: 'owner', run: () => search('parent 7') },
  { name: 'Orders, first page', who: 'owner', run: () => ordersRepo().page({ limit: 20 }) },
  {
    name: 'Orders still paid, first page',
    who: 'owner',
    run: () => ordersRepo().pageFiltered({ limit: 20 }, { state: 'paid' }),
  },
  {
    name: 'Orders refunded in full, first page',
    who: 'owner',
    run: () => ordersRepo().pageFiltered({ limit: 20 }, { state: 'refunded' }),
  },
  {
    name: "An editor's paid orders, first page",
    who: 'owner',
    run: () => ordersRepo().pageFiltered({ limit: 20 }, { editorId: DEMO_EDITORS[0].id, state: 'paid' }),
  },
  {
    name: 'Orders paid in the last 30 days, first page',
    who: 'owner',
    run: () =>
      ordersRepo().pageFiltered({ limit: 20 }, { paid: { from: new Date(Date.now() - 30 * DAY_MS), to: new Date() } }),
  },
  {
    name: 'Orders paid in the last 30 days, still paid, first page',
    who: 'owner',
    run: () =>
      ordersRepo().pageFiltered(
        { limit: 20 },
        { state: 'paid', paid: { from: new Date(Date.now() - 30 * DAY_MS), to: new Date() } },
      ),
  },
  {
    name: "An editor's orders paid in the last 30 days, first page",
    who: 'owner',
    run: () =>
      ordersRepo().pageFiltered(
        { limit: 20 },
        { editorId: DEMO_EDITORS[0].id, paid: { from: new Date(Date.now() - 30 * DAY_MS), to: new Date() } },
      ),
  },
  {
    name: "The outbox's mails to one family, first page",
    who: 'owner',
    run: () => outboxPage({ limit: 20 }, undefined, { to: 'family-7@example.com' }),
  },
  { name: 'The outbox, first page', who: 'owner', run: () => outboxPage({ limit: 20 }) },
  {
    name: "The outbox's order mails, first page",
    who: 'owner',
    run: () => outboxPage({ limit: 20 }, undefined, { kind: 'order' }),
  },
  {
    name: 'Projects awaiting a draft, first page',
    who: 'owner',
    run: () => projectsRepo().pageFiltered({ limit: 20 }, { state: OPEN_STATES[0] }, (p) => p.state === OPEN_STATES[0]),
  },
  {
    name: BASE,
    who: 'owner',
    run: () => exportBackup({ timeLeft: () => Number.POSITIVE_INFINITY, baseCopiesAtOnce: BASE_COPIES_BY_COMMAND }),
  },
  {
    name: HOURLY,
    who: 'owner',
    setup: busyHourOf,
    run: () => exportBackup({ now: new Date(busyHour + 80 * 60_000), timeLeft: budget(BACKUP_RUN_MS) }),
  },
  {
    name: "An editor's ended shelf, first page",
    who: 'person',
    run: () => projectsRepo().pageEnded(DEMO_EDITORS[0].id, { limit: 20 }),
  },
  {
    name: "A family's orders and projects",
    who: 'person',
    run: () => Promise.all([ordersRepo().listForCustomer('family-7'), projectsRepo().listForCustomer('family-7')]),
  },
  {
    name: 'The public editors list',
    who: 'person',
    run: () => {
      forgetEditorLists(); // as a new instance finds it
      return editorsRepo().list();
    },
  },
];

/** A scheduled run's storage time (budget.ts): a run stops starting copies when it is nearly spent. */
const BACKUP_RUN_MS = 20_000;

/** A scheduled run's storage time, from now. */
function budget(ms: number) {
  const end = Date.now() + ms;
  return () => end - Date.now();
}

/** Every blob the backup copies: all stores but the backups and the rate counters, without the keys the records rebuild. */
async function blobCount(): Promise<number> {
  const counts = await Promise.all(
    BACKED_UP_STORES.map(
      async (name) => (await openStore(name).list()).blobs.filter((blob) => isBackedUpKey(name, blob.key)).length,
    ),
  );
  return counts.reduce((a, b) => a + b, 0);
}

/**
 * Seeds the last BUSY_DAYS up to MODELLED's orders a day, lets the hourly run keep what settled, and
 * runs BUSY_OPERATIONS again, each row under the size MODELLED.
 */
async function busyDays(size: number) {
  useEdge(direct);
  const perDay = Math.round((MODELLED - size) / 730);
  const now = Date.now();
  const busy = Array.from(
    { length: perDay * BUSY_DAYS },
    (_, k) => new Date(now - Math.floor((k / perDay) * DAY_MS) - 60_000),
  );
  for (let start = 0; start < busy.length; start += 50)
    await Promise.all(busy.slice(start, start + 50).map((at, k) => seedOrder(2_000_000 + start + k, at)));
  await asIfLongAgo();
  await keepSettledDays({});
  console.log(`${busy.length} orders seeded in the last ${BUSY_DAYS} days`);
  useEdge(proxy.url);
  for (const op of OPERATIONS.filter(({ name }) => BUSY_OPERATIONS.includes(name))) {
    const before = await proxy.count();
    const t0 = performance.now();
    await op.run();
    const row = {
      size: MODELLED,
      name: op.name,
      who: op.who,
      requests: (await proxy.count()) - before,
      ms: performance.now() - t0,
    };
    rows.push({ ...row, outcome: 'answered' });
    console.log(`${MODELLED}'s busy days ${op.name}: ${row.requests} requests, ${row.ms.toFixed(0)} ms`);
  }
}

// --- The run --------------------------------------------------------------------------------------

interface Row {
  size: number;
  name: string;
  who: 'owner' | 'person';
  requests: number;
  ms: number;
  outcome: string;
  /** A backup run: what it copied, of how many blobs. */
  backup?: { copied: number; blobs: number };
}

const startLoad = loadavg()[0];
const scratch = mkdtempSync(join(tmpdir(), 'bcc-scale-'));
// The Blobs server and the proxy run in a process of their own, as Blobs runs on machines of its own:
// their work is not the function's time.
const host = await startBlobsHost(join(scratch, 'blobs'));
process.env.NETLIFY_BLOBS_CONTEXT = host.context;
const direct = host.direct;
const proxy = host.proxy;
const rows: Row[] = [];
try {
  await seedDemoEditors();
  setJournalClock(() => SEEDING_HOUR);
  let seeded = 0;
  for (const size of SIZES) {
    const started = Date.now();
    useEdge(direct);
    await seedTo(size, seeded);
    // As a deploy's first read would: every record stored with its keys, said once.
    if (seeded === 0)
      await Promise.all([ordersRepo().rebuildKept(), projectsRepo().rebuildKept(), consultsRepo().rebuildBooked()]);
    await asIfLongAgo();
    seeded = size;
    console.log(`${size} orders seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    useEdge(proxy.url);
    for (const op of OPERATIONS) {
      // The first copy takes a time in proportion to the blobs, whatever the size; listing every store
      // of the largest size would time the local server's directory reads, not Blobs.
      if (op.name === BASE && size !== SIZES[0]) continue;
      await op.setup?.(size);
      const before = await proxy.count();
      const t0 = performance.now();
      let outcome = 'answered';
      let result: unknown;
      try {
        result = await op.run();
      } catch (error) {
        outcome = `failed: ${(error as Error).message.slice(0, 60)}`;
      }
      const row: Row = {
        size,
        name: op.name,
        who: op.who,
        requests: (await proxy.count()) - before,
        ms: performance.now() - t0,
        outcome,
      };
      if (op.name === BASE && result) {
        const run = result as { state: string; copied: number };
        row.backup = { copied: run.copied, blobs: await blobCount() };
        row.outcome = run.state === 'complete' ? 'complete' : `${run.copied} of ${row.backup.blobs} blobs copied`;
      }
      if (op.name === HOURLY && result) {
        const run = result as { state: string; copied: number; hours: string[] };
        row.outcome =
          run.state === 'complete' && run.hours.length === 1 ? 'answered' : `${run.state}, ${run.copied} copied`;
      }
      if ((op.name === SEARCH || op.name === SEARCH_MANY) && result) {
        const unsearched = (result as { groups: { unsearched: number }[] }).groups.reduce(
          (n, g) => n + g.unsearched,
          0,
        );
        if (unsearched > 0) row.outcome = `${unsearched} records unsearched`;
      }
      rows.push(row);
      console.log(`${size} ${op.name}: ${row.requests} requests, ${row.ms.toFixed(0)} ms, ${row.outcome}`);
    }
  }
  await busyDays(SIZES[SIZES.length - 1]);
} finally {
  await host.stop();
  rmSync(scratch, { recursive: true, force: true });
}

const [small, large] = [SIZES[0], SIZES[SIZES.length - 1]];
const table = [
  `| Operation | ${SIZES.map((s) => `${s.toLocaleString('en-US')} orders`).join(' | ')} | ${MODELLED.toLocaleString('en-US')} orders (modelled) | Within its limit at ${MODELLED.toLocaleString('en-US')} |`,
  `|---|${SIZES.map(() => '---:|').join('')}---:|---|`,
  ...OPERATIONS.map((op) => {
    const at = (size: number) => rows.find((r) => r.name === op.name && r.size === size)!;
    const cells = SIZES.map((size) => {
      const r = at(size);
      if (!r) return '(one run measured)';
      return `${r.requests} req, ${(r.ms / 1000).toFixed(1)} s${r.outcome === 'answered' ? '' : ` (${r.outcome})`}`;
    });
    if (op.name === BASE) {
      const { blobs } = at(small).backup ?? { blobs: 0 };
      const blobsThen = Math.round((blobs / small) * MODELLED);
      const minutes = Math.ceil((at(small).ms / 60_000) * (blobsThen / Math.max(1, blobs)));
      return `| ${op.name} | ${cells.join(' | ')} | ~${blobsThen.toLocaleString('en-US')} blobs: ~${minutes} min | a command with no time limit, once, when backups begin late |`;
    }
    const unsearched = /(\d+) records unsearched/.exec(at(large).outcome);
    if (unsearched) {
      const missed = Math.round((Number(unsearched[1]) / large) * MODELLED);
      return `| ${op.name} | ${cells.join(' | ')} | capped: ~${missed.toLocaleString('en-US')} records unsearched | no (finds only recent records) |`;
    }
    // Requests grow by the measured requests per order; each round trip at 40 ms, 32 at once at best.
    const perOrder = (at(large).requests - at(small).requests) / (large - small);
    const modelled = Math.round(at(large).requests + perOrder * (MODELLED - large));
    const flat = perOrder * 1000 < 1;
    // Flat: as many requests at any size, so the time measured at the largest.
    const seconds = flat ? at(large).ms / 1000 : (at(large).ms / 1000) * (modelled / Math.max(1, at(large).requests));
    const limit = (op.who === 'owner' ? OWNER_MS : PERSON_MS) / 1000;
    // One month at MODELLED holds as many orders as twelve months at a twelfth of it or more: measured.
    const year = rows.find((r) => r.name === CSV_YEAR && r.size === large);
    if (op.name === CSV_MONTH && year && large * 12 >= MODELLED) {
      const measured = year.ms / 1000;
      return `| ${op.name} | ${cells.join(' | ')} | ~${modelled.toLocaleString('en-US')} req, ${measured.toFixed(1)} s measured (the twelve months at ${large.toLocaleString('en-US')} hold ${year.requests.toLocaleString('en-US')} req) | ${measured <= limit ? 'yes' : `no (${limit} s)`} |`;
    }
    const busy = rows.find((r) => r.name === op.name && r.size === MODELLED);
    if (busy) {
      const measured = busy.ms / 1000;
      return `| ${op.name} | ${cells.join(' | ')} | ${busy.requests} req, ${measured.toFixed(1)} s measured with the last ${BUSY_DAYS} days as busy as at ${MODELLED.toLocaleString('en-US')} | ${measured <= limit ? 'yes' : `no (${limit} s)`} |`;
    }
    const verdict =
      op.name === COLD_REPORT
        ? 'once, not by the owner: the hourly run, or `npm run reindex` after a deploy with history, counts the days; the owner reads them kept (the next row)'
        : seconds <= limit
          ? 'yes'
          : `no (${limit} s)`;
    return `| ${op.name} | ${cells.join(' | ')} | ${flat ? 'flat' : `~${modelled.toLocaleString('en-US')} req, ~${seconds.toFixed(0)} s`} | ${verdict} |`;
  }),
].join('\n');

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
writeSection(
  'scale-bench',
  `## Reads as the business grows

\`npm run bench\` (this part alone: \`npx tsx scripts/bench/scale.ts\`), on ${new Date().toISOString().slice(0, 10)} at commit ${commit}:
paid orders (one to three projects each, most long finished, ${ORDERS_PER_FAMILY} per family, two years of them)
seeded through the repositories into the local Blobs server; each operation called once as its
function calls it, behind a proxy that counts every storage request and adds ${ROUND_TRIP_MS} ms to it, as a
function's round trip to Blobs in production. The column at ${MODELLED.toLocaleString('en-US')} orders is modelled from the growth
between the smallest and largest size measured (requests per order, at the time per request measured),
but for the reports and the hourly run, which read settled days kept and recent days from the records: they
are measured again once the last ${BUSY_DAYS} days hold as many orders a day as ${MODELLED.toLocaleString('en-US')} over two years would.
Finished projects were returned two days after their order and made final two days later, with their
editor's earning in the ledger.
The local server answers a listing in one response where Blobs pages it by 1,000 keys in key order:
the proxy answers a listing a page at a time, each page a request and a round trip, as production
would, so a reader that stops early pays only for the pages it read.
The limits: ${OWNER_MS / 1000} s for an owner's page, ${PERSON_MS / 1000} s for a family's or an editor's. Node ${process.version},
${cpus().length} x ${cpus()[0]?.model.trim()}, ${loadNote(startLoad)}.

${table}`,
);
console.log(`\n${table}`);
