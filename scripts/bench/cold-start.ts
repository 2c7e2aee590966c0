/**
 * `npm run bench`, the cold-start part: every function as Netlify deploys it, bundled by our build and
 * packed by zip-it-and-ship-it (scripts/platform/function-bundles.ts), then, in a fresh Node process each time, the import and one
 * real request, timed from spawn to answer: the first family after a quiet hour waits for exactly
 * this. A bare function returning JSON, bundled the same way, is the yardstick. Each function and the
 * bare one take RUNS interleaved turns and the medians are compared. Signed-in requests carry a real
 * ID token from the Auth emulator (so token verification is loaded and run); production verifies
 * against Google's published keys instead, fetched once per instance, which no offline run can time.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAuthEmulator } from '../platform/auth-emulator';
import { freePort } from '../platform/free-port.mjs';
import {
  bundleDeployedFunctions,
  bundleFunctions,
  probeBundle,
  type FunctionBundle,
  type ProbeRequest,
} from '../platform/function-bundles';
import { startBlobsServer } from '../platform/site-server';
import { seedDemoEditors } from '#features/editors/server/seed';
import { loadNote, REPORT, writeSection } from './report';

const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 11);
/** `BENCH_COLD_ONLY=me,editors` times just those (the report is written only for a full run). */
const ONLY = process.env.BENCH_COLD_ONLY?.split(',');
/** `BENCH_COLD_PROFILE=dir` writes a CPU profile of each function's run into dir: where its time goes. */
const PROFILE = process.env.BENCH_COLD_PROFILE;
const PROJECT_ID = 'demo-bench';
const ADMIN = 'admin@example.test';
/** The cold-start targets, as multiples of a bare function's; a scheduled function has none of its own, so it is held to the signed-in one. */
const TARGETS = { public: 1.5, 'signed-in': 2, scheduled: 2 } as const;
type Kind = keyof typeof TARGETS;

const startLoad = loadavg()[0];
const scratch = mkdtempSync(join(tmpdir(), 'bcc-cold-'));
const bareSource = join(scratch, 'bare-src');
mkdirSync(bareSource);
writeFileSync(
  join(bareSource, 'bare.mjs'),
  "export default () => Response.json({ ok: true });\nexport const config = { path: '/bare' };\n",
);

const [{ bundles }, [bare]] = await Promise.all([
  bundleDeployedFunctions(join(scratch, 'out')),
  bundleFunctions(bareSource, join(scratch, 'bare-out')),
]);
const blobs = await startBlobsServer(join(scratch, 'blobs'));
await seedDemoEditors();
const auth = await startAuthEmulator({
  projectId: PROJECT_ID,
  port: await freePort(),
  hubPort: await freePort(),
  loggingPort: await freePort(),
});

const post = async (path: string, body: unknown, headers: Record<string, string> = {}) =>
  (await fetch(`${auth.url}/identitytoolkit.googleapis.com/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  }).then((res) => res.json())) as { idToken: string; localId: string };

/**
 * An ID token of a new account with a verified address: every role needs one, so an admin's request
 * goes past the role check to the work it times.
 */
async function idToken(email: string) {
  const account = { email, password: 'secret-pass', returnSecureToken: true };
  const { localId } = await post('accounts:signUp?key=bench', account);
  await post(
    `projects/${PROJECT_ID}/accounts:update`,
    { localId, emailVerified: true },
    { authorization: 'Bearer owner' },
  );
  return (await post('accounts:signInWithPassword?key=bench', account)).idToken;
}

const env = {
  NETLIFY_BLOBS_CONTEXT: process.env.NETLIFY_BLOBS_CONTEXT!,
  PUBLIC_FIREBASE_PROJECT_ID: PROJECT_ID,
  FIREBASE_AUTH_EMULATOR_HOST: auth.host,
  ADMIN_EMAILS: ADMIN,
};
const customer = { authorization: `Bearer ${await idToken(`bench-${Date.now()}@example.com`)}` };
// The checkout's timed runs each make an order: they buy as another family, so what the family's own
// requests read (`me`, `orders`, `projects`) does not depend on the order the functions are timed in.
const buyer = { authorization: `Bearer ${await idToken(`buyer-${Date.now()}@example.com`)}` };
const admin = { authorization: `Bearer ${await idToken(ADMIN)}` };
const json = (value: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) });
const student = {
  studentName: 'Sam',
  studentGrade: '11',
  studentEmail: 'sam@example.com',
  parentName: 'Pat',
  parentEmail: 'pat@example.com',
};
const billing = { street: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701', phone: '(312) 555-0100' };

/** The request each function is timed with: what a first visitor would really send. */
const REQUESTS: Record<string, { kind: Kind; request: ProbeRequest }> = {
  editors: { kind: 'public', request: { path: '/api/database/editors' } },
  subscribe: {
    kind: 'public',
    request: { method: 'POST', path: '/api/database/subscribe', ...json({ email: 'cold@example.com' }) },
  },
  unsubscribe: { kind: 'public', request: { path: '/unsubscribe?token=a.b.c' } },
  applications: {
    kind: 'public',
    request: { method: 'POST', path: '/api/applications', ...json({ name: '' }) },
  },
  'admin-applications': { kind: 'signed-in', request: { path: '/api/admin/applications', headers: admin } },
  'editor-invite': {
    kind: 'public',
    request: { method: 'POST', path: '/api/editor-invite', ...json({ token: 'a.b.c' }) },
  },
  'unsubscribe-link': {
    kind: 'public',
    request: { method: 'POST', path: '/api/newsletter/unsubscribe-link', ...json({ email: 'cold@example.com' }) },
  },
  contact: {
    kind: 'public',
    request: {
      method: 'POST',
      path: '/api/contact',
      ...json({ parentName: 'Pat', studentInfo: 'Sam, 11th', intendedMajor: 'stem', email: 'pat@example.com' }),
    },
  },
  waitlist: {
    kind: 'public',
    request: {
      method: 'POST',
      path: '/api/waitlist',
      ...json({ email: 'cold@example.com', editorId: 'daniel-okafor' }),
    },
  },
  'stripe-webhook': {
    kind: 'public',
    request: { method: 'POST', path: '/api/stripe/webhook', body: '{}', headers: { 'stripe-signature': 't=1,v1=00' } },
  },
  confirm: { kind: 'public', request: { path: '/confirm?token=a.b.c' } },
  'editor-reviews': {
    kind: 'public',
    request: { path: '/api/editors/daniel-okafor/reviews', params: { id: 'daniel-okafor' } },
  },
  'upload-file': {
    kind: 'public',
    request: {
      path: '/api/uploads/00000000-0000-4000-8000-000000000000.png',
      params: { key: '00000000-0000-4000-8000-000000000000.png' },
    },
  },
  me: { kind: 'signed-in', request: { path: '/api/me', headers: customer } },
  orders: { kind: 'signed-in', request: { path: '/api/orders', headers: customer } },
  'admin-privacy': {
    kind: 'signed-in',
    request: {
      method: 'POST',
      path: '/api/admin/privacy',
      headers: { ...customer, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@example.com', action: 'lookup' }),
    },
  },
  'data-export': { kind: 'signed-in', request: { path: '/api/privacy/export', headers: customer } },
  // What closing would do (GET): closing itself deletes the bench's user.
  'account-close': { kind: 'signed-in', request: { path: '/api/account/close', headers: customer } },
  order: {
    kind: 'signed-in',
    request: { path: '/api/orders/BCC-ABC234', params: { id: 'BCC-ABC234' }, headers: customer },
  },
  'order-receipt': {
    kind: 'signed-in',
    request: {
      path: '/api/orders/BCC-ABC234/receipts/payment',
      params: { id: 'BCC-ABC234', receipt: 'payment' },
      headers: customer,
    },
  },
  'create-payment-session': {
    kind: 'signed-in',
    request: {
      method: 'POST',
      path: '/api/stripe/create-payment-session',
      ...json({
        services: [{ id: 'common-app-essay', quantity: 1 }],
        editorId: 'maya-chen',
        addOns: [],
        student,
        billing,
        agreedToTerms: true,
      }),
      headers: { ...buyer, 'content-type': 'application/json' },
    },
  },
  'order-action': {
    kind: 'signed-in',
    request: {
      method: 'POST',
      path: '/api/orders/BCC-ABC234/checkout',
      params: { id: 'BCC-ABC234', action: 'checkout' },
      headers: customer,
    },
  },
  'test-checkout': {
    kind: 'signed-in',
    request: { path: '/api/stripe/test-checkout/BCC-ABC234', params: { orderId: 'BCC-ABC234' }, headers: customer },
  },
  editor: {
    kind: 'signed-in',
    request: { method: 'DELETE', path: '/api/database/editors/nobody', params: { id: 'nobody' }, headers: admin },
  },
  emails: { kind: 'signed-in', request: { path: '/api/database/emails', headers: admin } },
  uploads: {
    kind: 'signed-in',
    request: { method: 'POST', path: '/api/uploads', headers: { ...admin, 'content-type': 'image/png' }, body: '' },
  },
  'admin-inquiries': { kind: 'signed-in', request: { path: '/api/admin/inquiries', headers: admin } },
  'admin-payouts': { kind: 'signed-in', request: { path: '/api/admin/payouts', headers: admin } },
  'admin-orders': { kind: 'signed-in', request: { path: '/api/admin/orders', headers: admin } },
  'admin-outbox': { kind: 'signed-in', request: { path: '/api/admin/outbox', headers: admin } },
  'admin-audit': { kind: 'signed-in', request: { path: '/api/admin/audit', headers: admin } },
  'admin-backups': { kind: 'signed-in', request: { path: '/api/admin/backups', headers: admin } },
  'admin-attention': { kind: 'signed-in', request: { path: '/api/admin/attention', headers: admin } },
  'admin-waitlist': { kind: 'signed-in', request: { path: '/api/admin/waitlist', headers: admin } },
  'admin-waitlist-counts': { kind: 'signed-in', request: { path: '/api/admin/waitlist/counts', headers: admin } },
  'admin-order-refunds': {
    kind: 'signed-in',
    request: {
      method: 'POST',
      path: '/api/admin/orders/BCC-ABC234/refunds',
      params: { id: 'BCC-ABC234' },
      ...json({ requestId: crypto.randomUUID(), amountCents: 100, reason: 'Goodwill' }),
      headers: { ...admin, 'content-type': 'application/json' },
    },
  },
  'admin-projects': { kind: 'signed-in', request: { path: '/api/admin/projects', headers: admin } },
  'admin-editors': { kind: 'signed-in', request: { path: '/api/admin/editors', headers: admin } },
  'admin-reviews': { kind: 'signed-in', request: { path: '/api/admin/reviews', headers: admin } },
  projects: { kind: 'signed-in', request: { path: '/api/projects', headers: customer } },
  project: {
    kind: 'signed-in',
    request: { path: '/api/projects/BCC-ABC234-1', params: { id: 'BCC-ABC234-1' }, headers: customer },
  },
  'project-action': {
    kind: 'signed-in',
    request: {
      method: 'POST',
      path: '/api/projects/BCC-ABC234-1/message',
      params: { id: 'BCC-ABC234-1', action: 'message' },
      ...json({ text: 'Hello' }),
      headers: { ...customer, 'content-type': 'application/json' },
    },
  },
  'project-upload': {
    kind: 'signed-in',
    request: {
      method: 'POST',
      path: '/api/project-files/BCC-ABC234-1',
      params: { id: 'BCC-ABC234-1' },
      headers: customer,
      body: 'Draft',
    },
  },
  'project-draft': {
    kind: 'signed-in',
    request: {
      path: '/api/projects/BCC-ABC234-1/drafts/1',
      params: { id: 'BCC-ABC234-1', round: '1' },
      headers: customer,
    },
  },
  'project-file': {
    kind: 'signed-in',
    request: {
      path: '/api/project-files/BCC-ABC234-1/00000000-0000-4000-8000-000000000000',
      params: { id: 'BCC-ABC234-1', fileId: '00000000-0000-4000-8000-000000000000' },
      headers: customer,
    },
  },
  'editor-projects': { kind: 'signed-in', request: { path: '/api/editor/projects', headers: customer } },
  'editor-earnings': { kind: 'signed-in', request: { path: '/api/editor/earnings', headers: customer } },
  'editor-payout-account': { kind: 'signed-in', request: { path: '/api/editor/payout-account', headers: customer } },
  'test-connect': { kind: 'public', request: { path: `/api/test-connect?account=acct_test_${'0'.repeat(32)}` } },
  'student-access': {
    kind: 'signed-in',
    request: {
      method: 'POST',
      path: '/api/student-access/BCC-ABC234',
      params: { orderId: 'BCC-ABC234' },
      headers: customer,
    },
  },
  'editor-profile': {
    kind: 'signed-in',
    request: {
      method: 'PUT',
      path: '/api/editor/profile',
      ...json({ bio: 'Hello' }),
      headers: { ...customer, 'content-type': 'application/json' },
    },
  },
  'consult-slots': { kind: 'public', request: { path: '/api/consult/slots' } },
  'consult-bookings': {
    kind: 'public',
    request: {
      method: 'POST',
      path: '/api/consult/bookings',
      ...json({ start: '2026-01-01T15:00:00.000Z', name: 'Pat', email: 'pat@example.com' }),
    },
  },
  'consult-lookup': {
    kind: 'public',
    request: { method: 'POST', path: '/api/consult/lookup', ...json({ token: 'A'.repeat(43) }) },
  },
  'consult-cancel': {
    kind: 'public',
    request: { method: 'POST', path: '/api/consult/cancel', ...json({ token: 'A'.repeat(43) }) },
  },
  'admin-consults': { kind: 'signed-in', request: { path: '/api/admin/consults', headers: admin } },
  'admin-consult': {
    kind: 'signed-in',
    request: { method: 'DELETE', path: '/api/admin/consults/abc', params: { id: 'abc' }, headers: admin },
  },
  'admin-consult-availability': {
    kind: 'signed-in',
    request: { path: '/api/admin/consult-availability', headers: admin },
  },
  'admin-search': { kind: 'signed-in', request: { path: '/api/admin/search?q=pat', headers: admin } },
  'admin-reports': { kind: 'signed-in', request: { path: '/api/admin/reports/months', headers: admin } },
  'admin-today': { kind: 'signed-in', request: { path: '/api/admin/today', headers: admin } },
  'admin-exports': {
    kind: 'signed-in',
    request: {
      path: '/api/admin/exports/orders.csv?from=2026-01-01&to=2026-01-31',
      params: { file: 'orders.csv' },
      headers: admin,
    },
  },
  'backup-export': {
    kind: 'scheduled',
    request: { method: 'POST', path: '/.netlify/functions/backup-export', body: '{"next_run":"2026-11-23T15:00:00Z"}' },
  },
  'backup-rehearsal': {
    kind: 'scheduled',
    request: {
      method: 'POST',
      path: '/.netlify/functions/backup-rehearsal',
      body: '{"next_run":"2026-11-23T15:00:00Z"}',
    },
  },
  'report-days': {
    kind: 'scheduled',
    request: { method: 'POST', path: '/.netlify/functions/report-days', body: '{"next_run":"2026-11-23T15:00:00Z"}' },
  },
  'consult-reminders': {
    kind: 'scheduled',
    request: {
      method: 'POST',
      path: '/.netlify/functions/consult-reminders',
      body: '{"next_run":"2026-11-23T15:00:00Z"}',
    },
  },
  'delivery-timers': {
    kind: 'scheduled',
    request: {
      method: 'POST',
      path: '/.netlify/functions/delivery-timers',
      body: '{"next_run":"2026-11-23T15:00:00Z"}',
    },
  },
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const bareTimes: number[] = [];
const rows: { bundle: FunctionBundle; kind: Kind; ms: number; status: number }[] = [];
try {
  for (const bundle of bundles.filter((b) => !ONLY || ONLY.includes(b.name))) {
    const timed = REQUESTS[bundle.name];
    if (!timed) throw new Error(`No cold-start request for ${bundle.name}: add one to scripts/bench/cold-start.ts`);
    const times: number[] = [];
    let status = 0;
    for (let run = 0; run < RUNS; run++) {
      bareTimes.push((await probeBundle(bare, { path: '/bare' }, env)).ms);
      const nodeArgs = PROFILE
        ? ['--cpu-prof', '--cpu-prof-interval=50', `--cpu-prof-dir=${join(PROFILE, bundle.name)}`]
        : [];
      const answer = await probeBundle(bundle, timed.request, env, { nodeArgs });
      times.push(answer.ms);
      status = answer.status;
    }
    rows.push({ bundle, kind: timed.kind, ms: median(times), status });
    console.log(`${bundle.name}: ${median(times).toFixed(0)} ms (answered ${status})`);
  }
} finally {
  await auth.stop();
  await blobs.stop();
  rmSync(scratch, { recursive: true, force: true });
}

const bareMs = median(bareTimes);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const table = [
  '| Function | Request | Answer | Cold start | x bare | Target | Met | Bundle |',
  '|---|---|---:|---:|---:|---:|---|---:|',
  `| bare function | \`GET /bare\` | 200 | ${bareMs.toFixed(0)} ms | 1.0x | | | ${kb(bare.sizeBytes)} |`,
  ...rows
    .sort((a, b) => a.kind.localeCompare(b.kind) || a.bundle.name.localeCompare(b.bundle.name))
    .map(({ bundle, kind, ms, status }) => {
      const ratio = ms / bareMs;
      const { method = 'GET', path } = REQUESTS[bundle.name].request;
      return `| \`${bundle.name}\` (${kind}) | \`${method} ${path}\` | ${status} | ${ms.toFixed(0)} ms | ${ratio.toFixed(1)}x | ${TARGETS[kind]}x | ${ratio <= TARGETS[kind] ? 'yes' : 'no'} | ${kb(bundle.sizeBytes)} |`;
    }),
].join('\n');

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
if (ONLY) {
  console.log(`\n${table}\n\nNot written to ${REPORT}: BENCH_COLD_ONLY times only some functions.`);
  process.exit(0);
}
writeSection(
  'cold-start-bench',
  `## Cold starts

\`npm run bench\` (this part alone: \`npx tsx scripts/bench/cold-start.ts\`), on ${new Date().toISOString().slice(0, 10)} at commit ${commit}: each function
as Netlify deploys it (bundled into one file by \`npm run build\`, then packed by \`@netlify/zip-it-and-ship-it\`), started
in a fresh Node process for one real request (\`scripts/platform/bundle-probe.mjs\`), timed from spawn to answer, median of
${RUNS} runs interleaved with a bare function that returns JSON (packed the same way). A request is what a first visitor
sends; the contact form's carries no phone number, the checkout's does. Signed-in requests carry a real ID token from the Auth emulator; in
production the first one per instance also fetches Google's signing keys. Targets: public functions at most
${TARGETS.public}x the bare function, signed-in ones at most ${TARGETS['signed-in']}x. Node ${process.version}, ${cpus().length} x ${cpus()[0]?.model.trim()}, ${loadNote(startLoad)}.

${table}`,
);
console.log(`\n${table}\n\nWritten to ${REPORT}.`);
