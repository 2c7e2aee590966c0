/**
 * An editor connects a bank account through Stripe Connect (GET and POST /api/editor/payout-account):
 * the v2 account made once with the platform owning fees and losses, a link into Stripe's hosted
 * onboarding that comes back to the editor's earnings, readiness read from Stripe and shown to our
 * team, payout runs that pay a ready editor by one transfer; test mode's stand-in page onboards
 * without Stripe and does not exist in production.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import payoutAccount from '#functions/editor-payout-account';
import testConnect from '#functions/test-connect';
import adminEditors from '#functions/admin-editors';
import adminPayouts from '#functions/admin-payouts';
import stripeWebhook from '#functions/stripe-webhook';
import { signWebhookPayload } from '#features/orders/server/webhook-signature';
import { openStore } from '#server/storage/stores';
import { ledgerRepo } from '../../server/ledger';
import { payoutMessages } from '../../payouts';
import { editorsRepo, forgetEditorLists } from '#features/editors/server/editors.repo';
import { seedDemoEditors } from '#features/editors/server/seed';
import { CONNECT_REFRESH_PATH, CONNECT_RETURN_PATH, connectMessages } from '../../connect';
import { useAtomicBlobsServer } from '#tests/atomic-blobs-server';
import { asAdmin } from '#tests/admin-access';
import { bearer, createUser, tokenOf } from '#tests/auth-emulator';
import { editorInput } from '#tests/api-fixtures';
import { call, postForm } from '#tests/functions';
import { walkFaults } from '#tests/fault-walk';
import { storageMessages } from '#lib/messages';
import { stripeConnectFake } from '#tests/stripe-connect-fake';

const blobs = useAtomicBlobsServer();
const SITE = 'https://beacon.example';
const PATH = '/api/editor/payout-account';
let maya: string;

beforeAll(async () => {
  maya = await tokenOf('maya@example.test');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterAll(() => vi.restoreAllMocks());
beforeEach(async () => {
  blobs.reset();
  forgetEditorLists();
  await seedDemoEditors();
  process.env.URL = SITE;
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_API_URL;
  delete process.env.STRIPE_WEBHOOK_SECRET;
});

const RUN = '1b4e28ba-2fa1-4d2b-9b8a-0e02b2c3d479';
const PAST = '2026-01-01T00:00:00.000Z';
/** $210 of Maya's and $35 of Sofia's, payable now. */
const payable = () =>
  ledgerRepo().add(
    (
      [
        ['maya-chen', 21000],
        ['sofia-ramirez', 3500],
      ] as const
    ).map(([editorId, cents]) => ({
      id: `earn-${editorId}`,
      editorId,
      kind: 'earning' as const,
      cents,
      at: PAST,
      payableAt: PAST,
      projectId: 'BCC-ABC234-1',
      label: 'Common App Essay Editing',
      part: 'service' as const,
      payoutId: null,
    })),
  );
const payoutRun = async (requestId: string, byHand?: { editorId: string; cents: number }[]) =>
  call(adminPayouts, '/api/admin/payouts', {
    method: 'POST',
    headers: await asAdmin(),
    json: { requestId, reference: 'Run 2026-11-29', ...(byHand && { byHand }) },
  });
const get = (token: string) => call(payoutAccount, PATH, { headers: bearer(token) });
const post = (token: string) => call(payoutAccount, PATH, { method: 'POST', headers: bearer(token) });
const mayasCard = async () =>
  (
    (await call(adminEditors, '/api/admin/editors', { headers: await asAdmin() })).body as {
      id: string;
      steps: { payouts: string };
    }[]
  ).find((e) => e.id === 'maya-chen');

describe('who may', () => {
  it('answers 401 signed out, 403 to a family and to an editor whose address is not verified', async () => {
    expect((await call(payoutAccount, PATH)).status).toBe(401);
    const family = await createUser();
    expect((await get(family.idToken)).status).toBe(403);
    expect((await post(family.idToken)).status).toBe(403);
    const unverified = await createUser(undefined, undefined, { verified: false });
    await editorsRepo().createWithNewId({ ...editorInput('Unverified Editor'), accountEmail: unverified.email });
    expect((await post(unverified.idToken)).status).toBe(403);
  });
});

describe('with Stripe', () => {
  const stripe = stripeConnectFake();
  let url: string;
  beforeAll(async () => {
    url = await stripe.start();
  });
  afterAll(() => stripe.stop());
  beforeEach(() => {
    stripe.recorded.length = 0;
    process.env.STRIPE_SECRET_KEY = 'sk_test_connect';
    process.env.STRIPE_API_URL = url;
  });

  it('makes one recipient account however often asked, and a fresh onboarding link each time', async () => {
    expect((await get(maya)).body).toEqual({ state: 'none', checkedAt: null });
    const first = await post(maya);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const [account] = stripe.accountIds().slice(-1);
    expect(first.body).toEqual({ url: `https://connect.stripe.test/setup/${account}` });
    const created = stripe.recorded.find((r) => r.path === '/v2/core/accounts')!;
    expect(created.idempotencyKey).toBe('payout-account-maya-chen');
    expect(created.body).toEqual({
      contact_email: 'maya@example.test',
      display_name: 'Maya Chen',
      dashboard: 'express',
      identity: { country: 'us' },
      configuration: { recipient: { capabilities: { stripe_balance: { stripe_transfers: { requested: true } } } } },
      defaults: { responsibilities: { fees_collector: 'application', losses_collector: 'application' } },
      metadata: { editorId: 'maya-chen' },
    });
    expect(stripe.recorded.find((r) => r.path === '/v2/core/account_links')!.body).toEqual({
      account,
      use_case: {
        type: 'account_onboarding',
        account_onboarding: {
          refresh_url: `${SITE}${CONNECT_REFRESH_PATH}`,
          return_url: `${SITE}${CONNECT_RETURN_PATH}`,
        },
      },
    });

    // Again: the same account, a new link; the id stays on the server.
    expect((await post(maya)).status).toBe(200);
    expect(stripe.recorded.filter((r) => r.path === '/v2/core/accounts')).toHaveLength(1);
    expect(stripe.recorded.filter((r) => r.path === '/v2/core/account_links')).toHaveLength(2);
    expect(JSON.stringify((await get(maya)).body)).not.toContain(account);
  });

  it('is onboarding until Stripe can send transfers, then ready, and our team sees which', async () => {
    await post(maya);
    expect((await get(maya)).body).toMatchObject({ state: 'onboarding' });
    expect((await mayasCard())?.steps.payouts).toBe('onboarding');
    stripe.activate(stripe.accountIds().at(-1)!);
    expect((await get(maya)).body).toMatchObject({ state: 'ready' });
    expect((await mayasCard())?.steps.payouts).toBe('ready');
    // Read again unchanged, nothing is written: the editor's record feeds the public list's cache.
    const written = (await editorsRepo().get('maya-chen'))!.updatedAt;
    expect((await get(maya)).body).toMatchObject({ state: 'ready' });
    expect((await editorsRepo().get('maya-chen'))!.updatedAt).toBe(written);
  });

  it('pays a ready editor through Stripe in a payout run: one transfer however often the run is sent, the rest by hand', async () => {
    await payable();
    await post(maya);
    stripe.activate(stripe.accountIds().at(-1)!);
    expect((await get(maya)).body).toMatchObject({ state: 'ready' });

    const first = await payoutRun(RUN);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.runs[0].payouts).toEqual([
      { editorId: 'maya-chen', name: 'Maya Chen', cents: 21000, via: 'stripe' },
      { editorId: 'sofia-ramirez', name: 'Sofia Ramirez', cents: 3500 },
    ]);
    const sent = stripe.recorded.filter((r) => r.path === '/v1/transfers');
    expect(sent).toHaveLength(1);
    expect(sent[0].idempotencyKey).toBe(`payout-${RUN}-maya-chen`);
    expect(sent[0].body).toEqual({
      amount: '21000',
      currency: 'usd',
      destination: stripe.accountIds().at(-1),
      transfer_group: `payout-${RUN}`,
      'metadata[runId]': RUN,
      'metadata[editorId]': 'maya-chen',
      'metadata[ledgerEntry]': `payout-${RUN}`,
    });
    // The same run again (a lost answer): the same transfer, no second payout.
    expect((await payoutRun(RUN)).status).toBe(200);
    expect(stripe.transfers).toHaveLength(1);
    const paid = (await ledgerRepo().entriesOf('maya-chen')).filter((e) => e.kind === 'payout');
    expect(paid.map((e) => [e.cents, e.label])).toEqual([[-21000, payoutMessages.throughStripe]]);
  });

  it('records nothing (409) when whom the admin paid by hand is not whom the run would pay by hand', async () => {
    await payable();
    // The tab as the admin loaded it: Maya not connected yet, so both by hand.
    const seen = (await call(adminPayouts, '/api/admin/payouts', { headers: await asAdmin() })).body;
    expect(seen.editors.map((e: { throughStripe: boolean }) => e.throughStripe)).toEqual([false, false]);
    const byHand = [
      { editorId: 'maya-chen', cents: 21000 },
      { editorId: 'sofia-ramirez', cents: 3500 },
    ];
    // Meanwhile Maya connects her bank account: the run would pay her through Stripe as well.
    await post(maya);
    stripe.activate(stripe.accountIds().at(-1)!);
    await get(maya);
    const transfersSent = () => stripe.recorded.filter((r) => r.method === 'POST' && r.path === '/v1/transfers').length;
    const sentBefore = transfersSent();
    const refused = await payoutRun(crypto.randomUUID(), byHand);
    expect(refused).toMatchObject({ status: 409, body: { error: payoutMessages.changed } });
    expect(await ledgerRepo().entriesOf('maya-chen')).toHaveLength(1);
    expect(transfersSent()).toBe(sentBefore);
    // Loaded again, the tab says so, and the run goes through.
    const again = (await call(adminPayouts, '/api/admin/payouts', { headers: await asAdmin() })).body;
    expect(again.editors.find((e: { editorId: string }) => e.editorId === 'maya-chen').throughStripe).toBe(true);
    const run = await payoutRun(crypto.randomUUID(), [{ editorId: 'sofia-ramirez', cents: 3500 }]);
    expect(run.status, JSON.stringify(run.body)).toBe(200);
  });

  it('records the payout when Stripe confirms the transfer of a run cut off after sending it, once however often it is delivered', async () => {
    process.env.STRIPE_WEBHOOK_SECRET = 'whsec_connect_test';
    await payable();
    // The run was kept with its payout through Stripe, then cut off after the transfer left: no entry.
    const runId = crypto.randomUUID();
    const kept = { id: runId, at: PAST, reference: 'Run 1', by: 'admin@example.test' };
    await openStore('ledger').setJSON(`runs/${runId}`, {
      ...kept,
      payouts: [{ editorId: 'maya-chen', cents: 21000, via: 'stripe', accountId: 'acct_fake_1' }],
    });
    const deliver = (metadata: Record<string, string>, id = `evt_${runId}`) => {
      const event = JSON.stringify({
        id,
        object: 'event',
        type: 'transfer.created',
        data: { object: { id: 'tr_fake_confirmed', object: 'transfer', amount: 21000, metadata } },
      });
      return call(stripeWebhook, '/api/stripe/webhook', {
        method: 'POST',
        body: event,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signWebhookPayload(event, 'whsec_connect_test'),
        },
      });
    };
    expect((await deliver({ runId, editorId: 'maya-chen' })).body).toMatchObject({ result: 'transfer-confirmed' });
    expect((await deliver({ runId, editorId: 'maya-chen' })).body).toMatchObject({ result: 'duplicate' });
    // The same transfer in another delivery (Stripe may send an event twice under new ids): no second entry.
    expect((await deliver({ runId, editorId: 'maya-chen' }, `evt_again_${runId}`)).body).toMatchObject({
      result: 'transfer-confirmed',
    });
    const paid = (await ledgerRepo().entriesOf('maya-chen')).filter((e) => e.kind === 'payout');
    expect(paid.map((e) => e.cents)).toEqual([-21000]);
    const run = await openStore('ledger').get(`runs/${runId}`, { type: 'json' });
    expect(run).toMatchObject({ payouts: [{ editorId: 'maya-chen', transferId: 'tr_fake_confirmed' }] });
    // A transfer that names no run of ours, or names one in no shape of ours, changes nothing.
    expect((await deliver({ runId: '../runs-lock', editorId: 'maya-chen' }, 'evt_odd')).body).toMatchObject({
      result: 'unknown-transfer',
    });
    expect((await deliver({ runId: crypto.randomUUID(), editorId: 'maya-chen' }, 'evt_other')).body).toMatchObject({
      result: 'unknown-transfer',
    });
  });

  it("says when Stripe refuses a payout (the platform's balance is too low) and leaves it payable", async () => {
    await payable();
    await post(maya);
    stripe.activate(stripe.accountIds().at(-1)!);
    await get(maya);
    stripe.setAvailable(100);
    try {
      // Runs of their own: the fake, like Stripe, answers a key it has seen as it did the first time.
      const res = await payoutRun(crypto.randomUUID());
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.runs[0].payouts[0]).toMatchObject({
        editorId: 'maya-chen',
        via: 'stripe',
        failed: expect.stringMatching(/insufficient/),
      });
      expect(res.body.editors.find((e: { editorId: string }) => e.editorId === 'maya-chen').balances.payableCents).toBe(
        21000,
      );
    } finally {
      stripe.setAvailable(1_000_000);
    }
    // The next run pays it.
    const next = await payoutRun(crypto.randomUUID());
    expect(next.body.runs[0].payouts).toEqual([
      { editorId: 'maya-chen', name: 'Maya Chen', cents: 21000, via: 'stripe' },
    ]);
  });

  it('a run through Stripe cut off at any write answers 503, and its retry days later sends one transfer and pays once', async () => {
    let runId = '';
    const writes = await walkFaults(blobs, {
      async arrange() {
        forgetEditorLists();
        await seedDemoEditors();
        await payable();
        await post(maya);
        stripe.activate(stripe.accountIds().at(-1)!);
        await get(maya);
        runId = crypto.randomUUID();
      },
      act: () => payoutRun(runId),
      afterFault(res) {
        if (res.status !== 200) expect(res.body.error).toBe(storageMessages.saveFailed);
        // The retry comes days later, when Stripe has forgotten the idempotency key.
        stripe.forgetKeys();
      },
      async afterRetry(res, step) {
        expect(res.status, `${step}: ${JSON.stringify(res.body)}`).toBe(200);
        const key = `payout-${runId}-maya-chen`;
        expect(
          stripe.transfers.filter((t) => t.idempotencyKey === key),
          step,
        ).toHaveLength(1);
        const paid = (await ledgerRepo().entriesOf('maya-chen')).filter((e) => e.kind === 'payout');
        expect(
          paid.map((e) => e.cents),
          step,
        ).toEqual([-21000]);
        expect(await ledgerRepo().audit(), step).toMatchObject({ missing: [], stray: [] });
      },
    });
    expect(writes).toBeGreaterThanOrEqual(4);
  }, 600_000);

  it('answers 502 with a message to try again when Stripe fails, and keeps no account it did not get', async () => {
    stripe.fail(true);
    try {
      const res = await post(maya);
      expect(res.status).toBe(502);
      expect(res.body.error).toMatch(/not reachable/);
    } finally {
      stripe.fail(false);
    }
    expect((await editorsRepo().get('maya-chen'))?.payoutAccount).toBeUndefined();
  });
});

describe('in test mode', () => {
  it('pays a ready editor with a test transfer, once', async () => {
    await payable();
    const account = new URL((await post(maya)).body.url).searchParams.get('account')!;
    await postForm(testConnect, `/api/test-connect?account=${account}`, {});
    await get(maya);
    const res = await payoutRun(RUN);
    expect(res.body.runs[0].payouts[0]).toEqual({
      editorId: 'maya-chen',
      name: 'Maya Chen',
      cents: 21000,
      via: 'stripe',
    });
    await payoutRun(RUN);
    expect((await openStore('ledger').list({ prefix: 'test-connect/transfers/' })).blobs).toHaveLength(1);
  });

  it('onboards on the stand-in page: a link, one button, back to the earnings, ready', async () => {
    const { body } = await post(maya);
    const url = new URL(body.url);
    expect(url.origin + url.pathname).toBe(`${SITE}/api/test-connect`);
    const account = url.searchParams.get('account')!;
    expect((await get(maya)).body).toMatchObject({ state: 'onboarding' });

    const page = await call(testConnect, `/api/test-connect?account=${account}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(connectMessages.testFinish);
    const done = await postForm(testConnect, `/api/test-connect?account=${account}`, {});
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(CONNECT_RETURN_PATH);
    expect((await get(maya)).body).toMatchObject({ state: 'ready' });
  });

  it('refuses an account that is not a test account (400) or unknown (404), and a form from another site (403)', async () => {
    expect((await call(testConnect, '/api/test-connect?account=acct_live_1')).status).toBe(400);
    const unknown = `acct_test_${'0'.repeat(32)}`;
    expect((await postForm(testConnect, `/api/test-connect?account=${unknown}`, {})).status).toBe(404);
    const { body } = await post(maya);
    const account = new URL(body.url).searchParams.get('account')!;
    const forged = await postForm(
      testConnect,
      `/api/test-connect?account=${account}`,
      {},
      {
        origin: 'https://elsewhere.example',
        'sec-fetch-site': 'cross-site',
      },
    );
    expect(forged.status).toBe(403);
    expect((await get(maya)).body).toMatchObject({ state: 'onboarding' });
  });

  it('does not exist in production or with Stripe keys (404)', async () => {
    const account = `acct_test_${'0'.repeat(32)}`;
    expect(
      (await call(testConnect, `/api/test-connect?account=${account}`, { deployContext: 'production' })).status,
    ).toBe(404);
    expect((await call(testConnect, `/api/test-connect?account=${account}`, { deployContext: null })).status).toBe(404);
    process.env.STRIPE_SECRET_KEY = 'sk_test_connect';
    expect((await call(testConnect, `/api/test-connect?account=${account}`)).status).toBe(404);
  });
});
