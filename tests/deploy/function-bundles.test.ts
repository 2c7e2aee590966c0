/**
 * What a deploy ships: every function bundled by our build (one file each,
 * scripts/build/functions.ts) and then by zip-it-and-ship-it as Netlify's build bundles it, then each bundle started in a fresh Node process for one real request, with nothing
 * but the bundle on disk to resolve modules from. A function that works in-process but breaks when
 * bundled (an unresolved module, a top-level `getStore()`, a missing `config.path`) fails here.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isBuiltin } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lazyBundle, workerBundle } from '../../scripts/build/functions';
import {
  bundleDeployedFunctions,
  probeBundle,
  type FunctionBundle,
  type ProbeRequest,
} from '../../scripts/platform/function-bundles';
import { startBlobsServer } from '../../scripts/platform/site-server';
import { startCheckout } from '../../src/features/orders/server/checkout';
import { ordersRepo } from '../../src/features/orders/server/orders.repo';
import { projectsRepo } from '../../src/features/projects/server/projects.repo';
import { draftTextsRepo } from '#features/essay/server/draft-texts.repo';
import { docx, paragraph } from '../helpers/docx';
import { LOCAL_WEBHOOK_SECRET } from '../../netlify/server/core/stripe';
import { seedDemoEditors } from '../../src/features/editors/server/seed';
import { completedEvent } from '../../src/features/orders/server/test-checkout';
import { signWebhookPayload } from '../../src/features/orders/server/webhook-signature';
import { validInquiry } from '../helpers/api-fixtures';
import { selection } from '../helpers/orders';
import type { CheckoutSelection } from '../../src/features/orders/order.schema';
import { startAtomicBlobsServer } from '../helpers/atomic-blobs-server';

const json = (value: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) });

/** One request per function and the answer it must give: public reads 200 JSON, signed-in routes 401 without a token. */
/** `route`: the function's `config.path` when the request fills in parameters. */
export const PROBES: Record<string, ProbeRequest & { route?: string; expect: number }> = {
  'admin-inquiries': { path: '/api/admin/inquiries', expect: 401 },
  'admin-orders': { path: '/api/admin/orders', expect: 401 },
  'admin-projects': { path: '/api/admin/projects', expect: 401 },
  'admin-reviews': { path: '/api/admin/reviews', expect: 401 },
  'admin-editors': { path: '/api/admin/editors', expect: 401 },
  'admin-order-refunds': {
    method: 'POST',
    route: '/api/admin/orders/:id/refunds',
    path: '/api/admin/orders/BCC-ABC234/refunds',
    params: { id: 'BCC-ABC234' },
    expect: 401,
  },
  'admin-outbox': { path: '/api/admin/outbox', expect: 401 },
  'admin-payouts': { path: '/api/admin/payouts', expect: 401 },
  'admin-staff': { path: '/api/admin/staff', expect: 401 },
  'admin-notifications': { path: '/api/admin/notifications', expect: 401 },
  'notice-digest': {
    method: 'POST',
    path: '/.netlify/functions/notice-digest',
    body: '{"next_run":"2026-12-04T12:00:00Z"}',
    expect: 200,
  },
  'admin-audit': { path: '/api/admin/audit', expect: 401 },
  'admin-backups': { path: '/api/admin/backups', expect: 401 },
  'admin-attention': { path: '/api/admin/attention', expect: 401 },
  'admin-waitlist': { path: '/api/admin/waitlist', expect: 401 },
  'admin-waitlist-counts': { path: '/api/admin/waitlist/counts', expect: 401 },
  'admin-consult-availability': { path: '/api/admin/consult-availability', expect: 401 },
  'admin-consult': {
    method: 'DELETE',
    route: '/api/admin/consults/:id',
    path: '/api/admin/consults/abc',
    params: { id: 'abc' },
    expect: 401,
  },
  'admin-consults': { path: '/api/admin/consults', expect: 401 },
  'admin-search': { path: '/api/admin/search', expect: 401 },
  'admin-reports': { path: '/api/admin/reports/months', expect: 401 },
  'admin-today': { path: '/api/admin/today', expect: 401 },
  'admin-exports': {
    route: '/api/admin/exports/:file',
    path: '/api/admin/exports/orders.csv',
    params: { file: 'orders.csv' },
    expect: 401,
  },
  'backup-export': {
    method: 'POST',
    path: '/.netlify/functions/backup-export',
    body: '{"next_run":"2026-11-23T15:00:00Z"}',
    expect: 200,
  },
  'backup-rehearsal': {
    method: 'POST',
    path: '/.netlify/functions/backup-rehearsal',
    body: '{"next_run":"2026-11-23T15:00:00Z"}',
    expect: 200,
  },
  'consult-bookings': { method: 'POST', path: '/api/consult/bookings', ...json({}), expect: 400 },
  'consult-cancel': { method: 'POST', path: '/api/consult/cancel', ...json({ token: 'x' }), expect: 400 },
  'consult-lookup': { method: 'POST', path: '/api/consult/lookup', ...json({ token: 'x' }), expect: 400 },
  'consult-reminders': {
    method: 'POST',
    path: '/.netlify/functions/consult-reminders',
    body: '{"next_run":"2026-11-23T15:00:00Z"}',
    expect: 200,
  },
  'consult-slots': { path: '/api/consult/slots', expect: 200 },
  'report-days': {
    method: 'POST',
    path: '/.netlify/functions/report-days',
    body: '{"next_run":"2026-11-23T15:00:00Z"}',
    expect: 200,
  },
  contact: { method: 'POST', path: '/api/contact', ...json(validInquiry), expect: 200 },
  'create-payment-session': { method: 'POST', path: '/api/stripe/create-payment-session', expect: 401 },
  // Netlify's scheduler invokes a scheduled function with a POST whose body names the next run.
  'delivery-timers': {
    method: 'POST',
    path: '/.netlify/functions/delivery-timers',
    body: '{"next_run":"2026-11-23T15:00:00Z"}',
    expect: 204,
  },
  'editor-projects': { path: '/api/editor/projects', expect: 401 },
  'editor-earnings': { path: '/api/editor/earnings', expect: 401 },
  'editor-payout-account': { path: '/api/editor/payout-account', expect: 401 },
  // Its page is HTML; a link that names no test account answers as every endpoint does.
  'test-connect': { route: '/api/test-connect', path: '/api/test-connect?account=acct_live', expect: 400 },
  applications: { method: 'POST', path: '/api/applications', ...json({}), expect: 400 },
  'admin-applications': { path: '/api/admin/applications', expect: 401 },
  'editor-invite': { method: 'POST', path: '/api/editor-invite', ...json({ token: 'a.b.c' }), expect: 404 },
  'editor-profile': { method: 'PUT', path: '/api/editor/profile', ...json({ bio: 'x' }), expect: 401 },
  editor: {
    method: 'PUT',
    route: '/api/database/editors/:id',
    path: '/api/database/editors/maya-chen',
    params: { id: 'maya-chen' },
    expect: 401,
  },
  editors: { path: '/api/database/editors', expect: 200 },
  samples: { route: '/api/database/samples', path: '/api/database/samples?editor=maya-chen', expect: 200 },
  'editor-samples': { path: '/api/editor/samples', expect: 401 },
  'admin-samples': { path: '/api/admin/samples', expect: 401 },
  'editor-reviews': {
    route: '/api/editors/:id/reviews',
    path: '/api/editors/nobody/reviews',
    params: { id: 'nobody' },
    expect: 404,
  },
  emails: { path: '/api/database/emails', expect: 401 },
  me: { path: '/api/me', expect: 401 },
  order: { route: '/api/orders/:id', path: '/api/orders/BCC-ABC234', params: { id: 'BCC-ABC234' }, expect: 401 },
  orders: { path: '/api/orders', expect: 401 },
  'order-receipt': {
    route: '/api/orders/:id/receipts/:receipt',
    path: '/api/orders/BCC-ABC234/receipts/payment',
    params: { id: 'BCC-ABC234', receipt: 'payment' },
    expect: 401,
  },
  'order-action': {
    method: 'POST',
    route: '/api/orders/:id/:action',
    path: '/api/orders/BCC-ABC234/cancel',
    params: { id: 'BCC-ABC234', action: 'cancel' },
    expect: 401,
  },
  project: {
    route: '/api/projects/:id',
    path: '/api/projects/BCC-ABC234-1',
    params: { id: 'BCC-ABC234-1' },
    expect: 401,
  },
  'project-action': {
    method: 'POST',
    route: '/api/projects/:id/:action',
    path: '/api/projects/BCC-ABC234-1/submit',
    params: { id: 'BCC-ABC234-1', action: 'submit' },
    expect: 401,
  },
  'project-draft': {
    route: '/api/projects/:id/drafts/:round',
    path: '/api/projects/BCC-ABC234-1/drafts/1',
    params: { id: 'BCC-ABC234-1', round: '1' },
    expect: 401,
  },
  'project-file': {
    route: '/api/project-files/:id/:fileId',
    path: '/api/project-files/BCC-ABC234-1/00000000-0000-4000-8000-000000000000',
    params: { id: 'BCC-ABC234-1', fileId: '00000000-0000-4000-8000-000000000000' },
    expect: 401,
  },
  'project-upload': {
    method: 'POST',
    route: '/api/project-files/:id',
    path: '/api/project-files/BCC-ABC234-1',
    params: { id: 'BCC-ABC234-1' },
    expect: 401,
  },
  projects: { path: '/api/projects', expect: 401 },
  'student-access': {
    method: 'POST',
    route: '/api/student-access/:orderId',
    path: '/api/student-access/BCC-ABC234',
    params: { orderId: 'BCC-ABC234' },
    expect: 401,
  },
  'stripe-webhook': { method: 'POST', path: '/api/stripe/webhook', body: '{}', expect: 400 },
  confirm: {
    method: 'POST',
    path: '/confirm',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://elsewhere.example' },
    body: 'token=a.b.c',
    expect: 403,
  },
  subscribe: { method: 'POST', path: '/api/database/subscribe', ...json({ email: 'bundle@example.com' }), expect: 200 },
  unsubscribe: {
    method: 'POST',
    path: '/unsubscribe',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://elsewhere.example' },
    body: 'token=a.b.c',
    expect: 403,
  },
  'data-export': { path: '/api/privacy/export', expect: 401 },
  'admin-privacy': { method: 'POST', path: '/api/admin/privacy', expect: 401 },
  'account-close': { path: '/api/account/close', expect: 401 },
  'unsubscribe-link': {
    method: 'POST',
    path: '/api/newsletter/unsubscribe-link',
    ...json({ email: 'bundle@example.com' }),
    expect: 200,
  },
  'test-checkout': {
    route: '/api/stripe/test-checkout/:orderId',
    path: '/api/stripe/test-checkout/BCC-ABC234',
    params: { orderId: 'BCC-ABC234' },
    expect: 401,
  },
  'upload-file': {
    route: '/api/uploads/:key',
    path: '/api/uploads/00000000-0000-4000-8000-000000000000.png',
    params: { key: '00000000-0000-4000-8000-000000000000.png' },
    expect: 404,
  },
  uploads: { method: 'POST', path: '/api/uploads', expect: 401 },
  waitlist: {
    method: 'POST',
    path: '/api/waitlist',
    ...json({ email: 'bundle@example.com', editorId: 'nobody' }),
    expect: 404,
  },
};

/** Packages that cost a cold start 30-190 ms each: bundled apart, loaded only by the requests that use them. */
const LAZY_PACKAGES = ['stripe', 'jose', 'nodemailer', 'libphonenumber-js/max'];
let outDir: string;
let bundles: FunctionBundle[];
let metafiles: { functions: Metafile; lazy: Metafile; workers: Metafile };
let blobs: { stop(): Promise<void> };
let env: Record<string, string>;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'bcc-bundles-'));
  ({ bundles, metafiles } = await bundleDeployedFunctions(outDir));
  blobs = await startBlobsServer(mkdtempSync(join(tmpdir(), 'bcc-bundle-blobs-')));
  // What a function gets on Netlify, minus secrets: the Blobs context, and a project id.
  env = { NETLIFY_BLOBS_CONTEXT: process.env.NETLIFY_BLOBS_CONTEXT!, PUBLIC_FIREBASE_PROJECT_ID: 'demo-bundles' };
}, 180_000);

afterAll(async () => {
  await blobs?.stop();
  rmSync(outDir, { recursive: true, force: true });
});

describe('function bundles', () => {
  it('bundles every function, each with a probe here and a route or a schedule', () => {
    expect(bundles.map((b) => b.name).sort()).toEqual(Object.keys(PROBES).sort());
    for (const bundle of bundles) expect(bundle.paths.length > 0 || Boolean(bundle.schedule), bundle.name).toBe(true);
  });

  it('builds each function into one file, and each lazily imported package into one file of its own', () => {
    const functions = Object.values(metafiles.functions.outputs);
    expect(functions).toHaveLength(Object.keys(PROBES).length);
    const packageOf = (path: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1];
    for (const output of functions) {
      // From outside the file: Node's builtins, and the lazy bundles, only ever with import().
      for (const imported of output.imports.filter((i) => i.external && !isBuiltin(i.path))) {
        expect(imported, output.entryPoint).toMatchObject({
          kind: 'dynamic-import',
          path: expect.stringMatching(/^@lazy-bundle\//),
        });
      }
      const packages = new Set(Object.keys(output.inputs).map(packageOf));
      // firebase-admin is for scripts and tests only: no function carries it at all.
      for (const name of [...LAZY_PACKAGES, 'firebase-admin'])
        expect(packages.has(name.split('/')[0]), `${output.entryPoint} holds ${name}`).toBe(false);
    }
    const named = new Set(
      functions.flatMap((o) => o.imports.filter((i) => i.external && !isBuiltin(i.path)).map((i) => i.path)),
    );
    expect([...named].sort()).toEqual(LAZY_PACKAGES.map(lazyBundle).sort());
    // Each lazy bundle is that package, whole, and nothing of ours.
    for (const [file, output] of Object.entries(metafiles.lazy.outputs))
      expect(
        Object.keys(output.inputs).every((input) => input.includes('node_modules/')),
        file,
      ).toBe(true);
  });

  const WORKER_PACKAGES = [
    { worker: 'docx-worker.ts', holds: 'mammoth', starters: ['project-draft', 'project-upload'] },
    { worker: 'receipt-worker.ts', holds: 'pdf-lib', starters: ['order-receipt'] },
  ];

  it('bundles each worker apart, the only one holding its package', () => {
    const workers = Object.entries(metafiles.workers.outputs);
    expect(workers.map(([file]) => file.replace(/^.*\/node_modules\//, '')).sort()).toEqual(
      WORKER_PACKAGES.map(({ worker }) => `@worker-bundle/${worker.replace(/\.ts$/, '.mjs')}`).sort(),
    );
    for (const { worker, holds } of WORKER_PACKAGES) {
      const holding = ([, output]: [string, Metafile['outputs'][string]]) =>
        Object.keys(output.inputs).some((input) => input.includes(`node_modules/${holds}/`));
      expect(Object.entries(metafiles.functions.outputs).filter(holding), holds).toEqual([]);
      expect(
        workers.filter(holding).map(([file]) => basename(file, '.mjs')),
        holds,
      ).toEqual([basename(worker, '.ts')]);
    }
  });

  it.each(WORKER_PACKAGES)('only the functions that start $worker ship it', ({ worker, starters }) => {
    const shipping = bundles
      .filter((b) => existsSync(join(dirname(b.modulePath), workerBundle(worker))))
      .map((b) => b.name);
    // The functions whose code starts the worker (what esbuild kept of it, not every module it read).
    const starting = bundles
      .filter((b) => readFileSync(b.modulePath, 'utf8').includes(`"./${workerBundle(worker)}"`))
      .map((b) => b.name);
    expect(shipping.sort()).toEqual(starting.sort());
    expect(shipping).toEqual(expect.arrayContaining(starters));
  });

  it('verifying a token loads jose from its lazy bundle', async () => {
    const me = bundles.find((b) => b.name === 'me')!;
    const emulator = { ...env, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9' };
    const answer = await probeBundle(
      me,
      { path: '/api/me', headers: { authorization: 'Bearer not-a-token' } },
      emulator,
      { listPackages: true },
    );
    expect(answer.status, answer.body).toBe(401);
    expect(answer.packages).toEqual([lazyBundle('jose')]);
  });

  it('the editors function answers an admin’s POST from the part it loads only then', async () => {
    const editors = bundles.find((b) => b.name === 'editors')!;
    const answer = await probeBundle(editors, { method: 'POST', path: '/api/database/editors', ...json({}) }, env);
    expect([answer.status, JSON.parse(answer.body)]).toEqual([401, { error: 'Sign in required' }]);
  });

  it.each(Object.entries(PROBES))(
    '%s answers its request from a fresh process, from its one file and only the lazy bundles it needs',
    async (name, { expect: status, route, ...request }) => {
      const bundle = bundles.find((b) => b.name === name)!;
      if (bundle.schedule) expect(bundle.paths).toEqual([]);
      else expect(bundle.paths).toContain(route ?? request.path);
      const answer = await probeBundle(bundle, request, env, { listPackages: true });
      expect(answer.status, answer.body).toBe(status);
      if (status !== 204) expect(answer.contentType).toMatch(/^application\/json/);
      if (status >= 400) expect(JSON.parse(answer.body)).toEqual({ error: expect.any(String) });
      // One file of the function's own (the hooks see each file a request loads), and of the lazy
      // bundles only what the request needs: none of these verifies a token, calls Stripe or sends mail
      // over SMTP; the inquiry's phone number is parsed, so the contact form's request reads libphonenumber.
      expect(answer.files).toEqual([pathToFileURL(bundle.modulePath).href]);
      expect(answer.packages).toEqual(name === 'contact' ? [lazyBundle('libphonenumber-js/max')] : []);
    },
  );
});

/** An ID token as the Auth emulator makes them: the claims of a real one, unsigned (`alg: none`). */
function emulatorStyleToken(projectId: string) {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    sub: 'uid-bundle',
    iat: now - 60,
    exp: now + 3000,
    auth_time: now - 60,
    email: 'pat@example.com',
  };
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

/**
 * Production fails closed in what deploys too: in Netlify's production context the bundles refuse every test
 * shortcut, even when a mistaken environment offers one (the emulator switch set, no Stripe keys);
 * a deploy preview's bundles, given the same environment, keep test mode.
 */
describe('function bundles in the production deploy context', () => {
  const event = JSON.stringify({ id: 'evt_bundle', type: 'customer.created', data: { object: {} } });
  const signed = (secret: string) => ({
    method: 'POST',
    path: '/api/stripe/webhook',
    body: event,
    headers: { 'stripe-signature': signWebhookPayload(event, secret) },
  });
  const liveKeys = {
    STRIPE_SECRET_KEY: 'sk_live_from_the_dashboard',
    STRIPE_WEBHOOK_SECRET: 'whsec_from_the_dashboard',
  };
  const mistaken = () => ({ ...env, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9' });
  const bearer = () => ({ authorization: `Bearer ${emulatorStyleToken(env.PUBLIC_FIREBASE_PROJECT_ID)}` });
  const probe = (name: string, request: ProbeRequest, extraEnv: Record<string, string> = {}) =>
    probeBundle(
      bundles.find((b) => b.name === name)!,
      request,
      { ...mistaken(), ...extraEnv },
    );

  it('create-payment-session answers 503 "Payments are not configured" without live Stripe keys', async () => {
    const mistakes: Record<string, string>[] = [
      {},
      { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: liveKeys.STRIPE_WEBHOOK_SECRET },
      { STRIPE_SECRET_KEY: liveKeys.STRIPE_SECRET_KEY },
    ];
    for (const keys of mistakes) {
      const answer = await probe(
        'create-payment-session',
        { method: 'POST', path: '/api/stripe/create-payment-session', headers: bearer(), deployContext: 'production' },
        keys,
      );
      expect([answer.status, JSON.parse(answer.body)], JSON.stringify(keys)).toEqual([
        503,
        { error: 'Payments are not configured' },
      ]);
    }
  });

  it('the test checkout is 404, whatever the keys', async () => {
    const request = {
      path: '/api/stripe/test-checkout/BCC-ABC234',
      params: { orderId: 'BCC-ABC234' },
      headers: bearer(),
      deployContext: 'production',
    };
    expect((await probe('test-checkout', request)).status).toBe(404);
    expect((await probe('test-checkout', request, liveKeys)).status).toBe(404);
  });

  it('the webhook never accepts the local test secret, only the configured one', async () => {
    expect(
      (await probe('stripe-webhook', { ...signed(LOCAL_WEBHOOK_SECRET), deployContext: 'production' })).status,
    ).toBe(503);
    const local = await probe(
      'stripe-webhook',
      { ...signed(LOCAL_WEBHOOK_SECRET), deployContext: 'production' },
      liveKeys,
    );
    expect([local.status, JSON.parse(local.body)]).toEqual([400, { error: 'Invalid signature' }]);
    const real = await probe(
      'stripe-webhook',
      { ...signed(liveKeys.STRIPE_WEBHOOK_SECRET), deployContext: 'production' },
      liveKeys,
    );
    expect([real.status, JSON.parse(real.body)]).toEqual([200, { received: true, result: 'ignored' }]);
  });

  it('an unsigned (emulator) token is refused though FIREBASE_AUTH_EMULATOR_HOST is set', async () => {
    const answer = await probe('me', { path: '/api/me', headers: bearer(), deployContext: 'production' });
    expect([answer.status, JSON.parse(answer.body)]).toEqual([
      401,
      { error: 'Invalid or expired sign-in; please sign in again' },
    ]);
  });

  it('while a deploy preview, given the same environment, keeps test mode', async () => {
    expect((await probe('me', { path: '/api/me', headers: bearer(), deployContext: 'deploy-preview' })).status).toBe(
      200,
    );
    expect(
      (await probe('stripe-webhook', { ...signed(LOCAL_WEBHOOK_SECRET), deployContext: 'deploy-preview' })).status,
    ).toBe(200);
  });
});

/**
 * Storage that fails, as the bundles deploy (decision 024): in a deploy preview, with a Blobs stand-in
 * that refuses every write with 503, a sign-up, an inquiry and a payment event are answered 503 with
 * the message (the provider retries), never 2xx. Each bundle carries the store wrapper, not the
 * client's view of a write.
 */
describe('function bundles when storage refuses every write', () => {
  let refusing: Awaited<ReturnType<typeof startAtomicBlobsServer>>;
  beforeAll(async () => {
    refusing = await startAtomicBlobsServer();
    refusing.setFaults({ fault: 503, at: 1 });
  });
  afterAll(() => refusing?.stop());

  const probe = (name: string, request: ProbeRequest) =>
    probeBundle(
      bundles.find((b) => b.name === name)!,
      { ...request, deployContext: 'deploy-preview' },
      { ...env, NETLIFY_BLOBS_CONTEXT: refusing.context },
    );
  const event = JSON.stringify({
    id: 'evt_bundle_outage',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: 'cs_1',
        client_reference_id: 'BCC-ABC234',
        amount_total: 100,
        currency: 'usd',
        payment_status: 'paid',
      },
    },
  });

  // Signed when sent: a signature is good for five minutes, and bundling takes a few.
  const requests: Record<string, () => ProbeRequest> = {
    subscribe: () => PROBES.subscribe,
    contact: () => PROBES.contact,
    'stripe-webhook': () => ({
      method: 'POST',
      path: '/api/stripe/webhook',
      body: event,
      headers: { 'stripe-signature': signWebhookPayload(event, LOCAL_WEBHOOK_SECRET) },
    }),
  };

  it.each(Object.keys(requests))('%s answers 503 "We could not save that; please try again."', async (name) => {
    refusing.setFaults({ fault: 503, at: 1 });
    const answer = await probe(name, requests[name]());
    expect([answer.status, JSON.parse(answer.body)]).toEqual([
      503,
      { error: 'We could not save that; please try again.' },
    ]);
  });

  // Every other way a write fails, as the bundle meets it with the deployed limits (5 s a try, three tries).
  it.each(['403', 'drop', 'spurious-412', 'timeout'] as const)(
    'a sign-up meeting %s on every write answers 503, and nothing is stored',
    async (fault) => {
      refusing.reset();
      refusing.setFaults({ fault: fault === '403' ? 403 : fault, at: 1 });
      const answer = await probe('subscribe', {
        ...PROBES.subscribe,
        ...json({ email: `outage-${fault}@example.com` }),
      });
      expect([answer.status, JSON.parse(answer.body)]).toEqual([
        503,
        { error: 'We could not save that; please try again.' },
      ]);
      refusing.setFaults(null);
      expect(
        [...refusing.snapshot()].filter(([store, blobs]) => store.includes('subscribers') && blobs.size > 0),
      ).toEqual([]);
    },
    90_000,
  );
});

/**
 * The payment webhook as it deploys, with storage failing from its nth write on, for every n (the
 * other faults are walked in-process, tests/functions/storage-faults.test.ts): it answers 2xx only
 * when the order is paid with its projects, and Stripe's retry completes it with one effect. A project
 * it paid for then takes its family's draft through the bundled upload, converted in its worker.
 */
describe('the bundled payment webhook, storage failing at each write in turn', () => {
  let blobs: Awaited<ReturnType<typeof startAtomicBlobsServer>>;
  const preview = { deploy: { context: 'deploy-preview' } } as const;
  beforeAll(async () => {
    blobs = await startAtomicBlobsServer();
  });
  afterAll(() => blobs?.stop());

  /** A pending test-mode order of a family, stored in the deploy preview's stores, and its completed-checkout event. */
  async function pendingOrder() {
    const outer = process.env.NETLIFY_BLOBS_CONTEXT;
    process.env.NETLIFY_BLOBS_CONTEXT = blobs.context;
    try {
      blobs.reset();
      await seedDemoEditors(preview);
      const family = { uid: 'uid-bundle', email: 'pat@example.com', emailVerified: true, isAdmin: false, role: null };
      const { order, session } = await startCheckout(
        selection() as CheckoutSelection,
        family,
        { kind: 'test', webhookSecret: LOCAL_WEBHOOK_SECRET },
        preview,
      );
      return { id: order.id, event: JSON.stringify(completedEvent(order, session.id)) };
    } finally {
      process.env.NETLIFY_BLOBS_CONTEXT = outer;
    }
  }
  const deliver = (event: string) =>
    probeBundle(
      bundles.find((b) => b.name === 'stripe-webhook')!,
      {
        method: 'POST',
        path: '/api/stripe/webhook',
        body: event,
        headers: { 'stripe-signature': signWebhookPayload(event, LOCAL_WEBHOOK_SECRET) },
        deployContext: 'deploy-preview',
      },
      { ...env, NETLIFY_BLOBS_CONTEXT: blobs.context },
    );
  async function stored(id: string) {
    const outer = process.env.NETLIFY_BLOBS_CONTEXT;
    process.env.NETLIFY_BLOBS_CONTEXT = blobs.context;
    try {
      return {
        order: await ordersRepo(preview).get(id),
        projects: await projectsRepo(preview).listForCustomer('uid-bundle'),
      };
    } finally {
      process.env.NETLIFY_BLOBS_CONTEXT = outer;
    }
  }

  it('a family’s .docx uploaded to the bundled project-upload is converted in its worker and kept', async () => {
    const { id, event } = await pendingOrder();
    blobs.setFaults(null);
    expect((await deliver(event)).status).toBe(200);
    const projectId = (await stored(id)).projects[0]!.id;
    const answer = await probeBundle(
      bundles.find((b) => b.name === 'project-upload')!,
      {
        method: 'POST',
        path: `/api/project-files/${projectId}`,
        params: { id: projectId },
        headers: {
          authorization: `Bearer ${emulatorStyleToken(env.PUBLIC_FIREBASE_PROJECT_ID)}`,
          'content-type': 'application/octet-stream',
          'x-file-name': 'essay.docx',
        },
        bodyBase64: Buffer.from(docx(paragraph('Converted off the thread.'))).toString('base64'),
        deployContext: 'deploy-preview',
      },
      { ...env, NETLIFY_BLOBS_CONTEXT: blobs.context, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9' },
      { listPackages: true },
    );
    expect(answer.status, answer.body).toBe(201);
    // The request's thread loaded its one file, and jose for the token: mammoth ran in the worker's bundle.
    expect(answer.packages).toEqual([lazyBundle('jose')]);
    expect(answer.files).toEqual([pathToFileURL(bundles.find((b) => b.name === 'project-upload')!.modulePath).href]);
    const outer = process.env.NETLIFY_BLOBS_CONTEXT;
    process.env.NETLIFY_BLOBS_CONTEXT = blobs.context;
    try {
      expect(await draftTextsRepo(preview).get(projectId, JSON.parse(answer.body).id)).toEqual({
        status: 'ready',
        blocks: [{ kind: 'p', text: 'Converted off the thread.' }],
      });
    } finally {
      process.env.NETLIFY_BLOBS_CONTEXT = outer;
    }
  });

  it('the bundled order-receipt draws a paid order’s receipt in its worker, pdf-lib loaded only there', async () => {
    const { id, event } = await pendingOrder();
    blobs.setFaults(null);
    expect((await deliver(event)).status).toBe(200);
    const receipt = bundles.find((b) => b.name === 'order-receipt')!;
    const answer = await probeBundle(
      receipt,
      {
        path: `/api/orders/${id}/receipts/payment`,
        params: { id, receipt: 'payment' },
        headers: { authorization: `Bearer ${emulatorStyleToken(env.PUBLIC_FIREBASE_PROJECT_ID)}` },
        deployContext: 'deploy-preview',
      },
      { ...env, NETLIFY_BLOBS_CONTEXT: blobs.context, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9' },
      { listPackages: true },
    );
    expect([answer.status, answer.contentType], answer.body).toEqual([200, 'application/pdf']);
    expect(answer.body.startsWith('%PDF-')).toBe(true);
    expect(answer.packages).toEqual([lazyBundle('jose')]);
    expect(answer.files).toEqual([pathToFileURL(receipt.modulePath).href]);
  });

  it('answers 200 only when all is stored, and the retry pays the order once', async () => {
    const clean = await pendingOrder();
    blobs.setFaults(null);
    expect((await deliver(clean.event)).status).toBe(200);
    const writes = blobs.writeCount();
    expect(writes).toBeGreaterThan(5);
    for (let at = 1; at <= writes; at++) {
      const { id, event } = await pendingOrder();
      blobs.setFaults({ fault: 503, at });
      const first = await deliver(event);
      blobs.setFaults(null);
      if (first.status !== 200)
        expect([first.status, JSON.parse(first.body)], `write ${at}`).toEqual([
          503,
          { error: 'We could not save that; please try again.' },
        ]);
      const retry = await deliver(event);
      expect(retry.status, `write ${at}: ${retry.body}`).toBe(200);
      const { order, projects } = await stored(id);
      expect(order?.status, `write ${at}`).toBe('paid');
      expect(
        projects.map((p) => p.orderId),
        `write ${at}`,
      ).toEqual([id]);
    }
  }, 600_000);
});
