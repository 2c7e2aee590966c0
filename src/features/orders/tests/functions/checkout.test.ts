import { createServer, type Server } from 'node:http';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import createSession from '#functions/create-payment-session';
import { ordersRepo } from '../../server/orders.repo';
import { paymentDeadline } from '../../order';
import { bearer, createUser } from '#tests/auth-emulator';
import { call, clearStore } from '#tests/functions';
import { FULL_EDITOR, billing, resetOrderingStores, selection, student } from '#tests/orders';

const PATH = '/api/stripe/create-payment-session';
let user: Awaited<ReturnType<typeof createUser>>;
const post = (body: unknown, headers: Record<string, string> = bearer(user.idToken)) =>
  call(createSession, PATH, { method: 'POST', json: body, headers });

beforeAll(async () => {
  user = await createUser();
});
beforeEach(async () => {
  process.env.URL = 'https://beacon.example';
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_API_URL;
  await resetOrderingStores();
});

describe('POST /api/stripe/create-payment-session: who and what', () => {
  it('answers 401 without a signed-in customer', async () => {
    expect((await post(selection(), {})).status).toBe(401);
    expect((await post(selection(), bearer('forged'))).status).toBe(401);
  });

  it.each([
    ['an unknown service', { services: [{ id: 'ghost-writing', quantity: 1 }] }, /service/],
    ['no service', { services: [] }, /at least one service/],
    ['a quantity of 0', { services: [{ id: 'activity-list', quantity: 0 }] }, /quantity/],
    ['two Common App essays', { services: [{ id: 'common-app-essay', quantity: 2 }] }, /Common App/],
    ['both speed upgrades', { addOns: ['speed24hr', 'speed48hr'] }, /speed upgrade/],
    ['an unknown add-on', { addOns: ['priority'] }, /add-on/],
    ['an unknown editor', { editorId: 'nobody' }, /editor/],
    [
      'a missing billing field',
      { billing: { street: '1 Main St', city: '', state: 'IL', zip: '1', phone: '1' } },
      /billing\.city/,
    ],
    ['a bad grade', { student: { ...student, studentGrade: '11th' } }, /studentGrade/],
    ['a US ZIP code of 4 digits', { billing: { ...billing, zip: '6270' } }, /^billing\.zip: Enter a 5-digit ZIP code$/],
    [
      'a phone number without its area code',
      { billing: { ...billing, phone: '555-0100' } },
      /^billing\.phone: Enter a phone number with area code$/,
    ],
    [
      'an address the newsletter once let in',
      { student: { ...student, parentEmail: '<script>@x.y' } },
      /^student\.parentEmail: email is not a valid address$/,
    ],
    [
      'no agreement to the terms',
      { agreedToTerms: undefined },
      /^agreedToTerms: Please confirm that you are the parent or guardian, or 18 or older, and agree to the Terms\.$/,
    ],
    ['the agreement not ticked', { agreedToTerms: false }, /^agreedToTerms: Please confirm/],
  ])('answers 400 { error } for %s and stores nothing', async (_, change, message) => {
    const res = await post(selection(change));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
    expect((await ordersRepo().listForCustomer(user.uid)).length).toBe(0);
  });
});

describe('POST /api/stripe/create-payment-session: the server prices the order', () => {
  it('ignores any price, total or base URL the browser sends', async () => {
    const res = await post({
      ...selection({ services: [{ id: 'supplement-small', quantity: 2, price: 1 }] }),
      total: 1,
      products: [{ name: 'x', price: 1, quantity: 1 }],
      baseURL: 'https://evil.example',
    });
    expect(res.status).toBe(200);
    expect(res.body.totalCents).toBe(15000);
    const order = await ordersRepo().get(res.body.orderId);
    expect(order).toMatchObject({
      status: 'pending',
      totalCents: 15000,
      customer: { uid: user.uid, email: user.email },
    });
    // The agreement the customer ticked is stored with the order, with when.
    expect(order?.termsAgreedAt).toBe(order?.createdAt);
    expect(order?.serviceLines).toEqual([
      {
        id: 'supplement-small',
        title: 'Supplemental Essay Help (Small)',
        unitCents: 7500,
        quantity: 2,
        totalCents: 15000,
      },
    ]);
    expect(res.body.url).toBe(
      `https://beacon.example/test-checkout?order=${res.body.orderId}&session_id=${res.body.id}`,
    );
    expect(res.body.id).toMatch(/^cs_test_local_[a-f0-9]{32}$/);
    expect(res.body.orderId).toMatch(/^BCC-[A-Z2-9]{6}$/);
  });

  it('stores the phone number in E.164 and the ZIP code as on mail', async () => {
    const res = await post(selection({ billing: { ...billing, zip: '627011234', phone: '312.555.0100' } }));
    expect(res.status).toBe(200);
    expect((await ordersRepo().get(res.body.orderId))?.billing).toMatchObject({
      zip: '62701-1234',
      phone: '+13125550100',
      country: 'United States',
    });
  });

  it('prices services, not add-ons, at 1.5x for a full editor (exact cents)', async () => {
    const res = await post(
      selection({ editorId: FULL_EDITOR, services: [{ id: 'supplement-small', quantity: 1 }], addOns: ['community'] }),
    );
    const order = await ordersRepo().get(res.body.orderId);
    expect(order?.serviceLines[0].unitCents).toBe(11250);
    expect(order?.addOnLines[0].chargedCents).toBe(5000);
    expect(order?.totalCents).toBe(16250);
    expect(order?.editor).toMatchObject({ id: FULL_EDITOR, full: true });
  });

  it('does not charge an add-on the customer already owns, and keeps its turnaround', async () => {
    const customers = await clearStore('customers');
    await customers.setJSON(user.uid, { ownedAddOns: { community: false, speed24hr: false, speed48hr: true } });
    const res = await post(selection({ addOns: ['speed48hr', 'community'] }));
    const order = await ordersRepo().get(res.body.orderId);
    expect(order?.addOnLines).toEqual([
      expect.objectContaining({ id: 'community', owned: false, chargedCents: 5000 }),
      expect.objectContaining({ id: 'speed48hr', owned: true, chargedCents: 0 }),
    ]);
    expect(order?.totalCents).toBe(30000 + 5000);
    expect(order?.turnaround).toEqual({ id: '48hr', label: '48-Hour Response' });
    expect(order?.turnaroundFeeCents).toBe(0);
  });

  it('records the speed upgrade as the turnaround fee', async () => {
    const res = await post(selection({ addOns: ['speed24hr'] }));
    const order = await ordersRepo().get(res.body.orderId);
    expect(order).toMatchObject({
      turnaround: { id: '24hr', label: '24-Hour Response' },
      turnaroundFeeCents: 45000,
      totalCents: 75000,
    });
  });

  it('gives two concurrent requests for the same cart two consistent orders', async () => {
    const cart = selection({ services: [{ id: 'activity-list', quantity: 3 }], addOns: ['community'] });
    const [a, b] = await Promise.all([post(cart), post(cart)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.orderId).not.toBe(b.body.orderId);
    expect(a.body.id).not.toBe(b.body.id);
    for (const res of [a, b]) expect((await ordersRepo().get(res.body.orderId))?.totalCents).toBe(35000);
    expect((await ordersRepo().listForCustomer(user.uid)).map((o) => o.id).sort()).toEqual(
      [a.body.orderId, b.body.orderId].sort(),
    );
  });
});

describe('with STRIPE_SECRET_KEY: a Stripe Checkout Session', () => {
  let server: Server;
  let recorded: { path: string; auth: string; body: URLSearchParams }[];
  let reply: { status: number; body: object };

  beforeEach(async () => {
    recorded = [];
    reply = {
      status: 200,
      body: {
        id: 'cs_test_recorded',
        object: 'checkout.session',
        url: 'https://checkout.stripe.com/c/pay/cs_test_recorded',
      },
    };
    server = createServer((req, res) => {
      let body = '';
      req
        .on('data', (c) => (body += c))
        .on('end', () => {
          recorded.push({ path: req.url!, auth: req.headers.authorization ?? '', body: new URLSearchParams(body) });
          res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
        });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    process.env.STRIPE_SECRET_KEY = 'sk_test_recorder';
    process.env.STRIPE_API_URL = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterEach(() => new Promise((r) => server.close(r)));

  it('sends price_data lines for charged items only, the order id, the e-mail and our own return URLs', async () => {
    const customers = await clearStore('customers');
    await customers.setJSON(user.uid, { ownedAddOns: { community: true, speed24hr: false, speed48hr: false } });
    const res = await post(
      selection({
        editorId: FULL_EDITOR,
        services: [{ id: 'supplement-large', quantity: 2 }],
        addOns: ['community', 'speed48hr'],
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: 'cs_test_recorded',
      url: 'https://checkout.stripe.com/c/pay/cs_test_recorded',
    });
    expect(recorded).toHaveLength(1);
    const { path, auth, body } = recorded[0];
    expect(path).toBe('/v1/checkout/sessions');
    expect(auth).toBe('Bearer sk_test_recorder');
    const orderId = res.body.orderId;
    expect(Object.fromEntries(body)).toEqual({
      mode: 'payment',
      client_reference_id: orderId,
      customer_email: user.email,
      'metadata[orderId]': orderId,
      // Separate charges and transfers: the editors' payouts name the order the money came from.
      'payment_intent_data[transfer_group]': orderId,
      'payment_intent_data[metadata][orderId]': orderId,
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '15000',
      'line_items[0][price_data][product_data][name]': 'Supplemental Essay Help (Large)',
      'line_items[1][quantity]': '1',
      'line_items[1][price_data][currency]': 'usd',
      'line_items[1][price_data][unit_amount]': '25000',
      'line_items[1][price_data][product_data][name]': '48-Hour Response',
      success_url: `https://beacon.example/order-confirmation?order=${orderId}&session_id={CHECKOUT_SESSION_ID}`,
      // Leaving Stripe without paying leads back to the order, which offers to pay later or cancel it.
      cancel_url: `https://beacon.example/order-confirmation?order=${orderId}`,
      // No session outlives the order's 24 hours.
      expires_at: String(Math.floor(paymentDeadline((await ordersRepo().get(orderId))!).getTime() / 1000)),
    });
    expect((await ordersRepo().get(orderId))?.payment.mode).toBe('stripe');
  });

  it('answers 502 and marks the order failed when Stripe refuses', async () => {
    reply = { status: 500, body: { error: { message: 'boom', type: 'api_error' } } };
    const res = await post(selection());
    expect(res.status).toBe(502);
    expect(res.body.error).toMatch(/payment provider/);
    const [order] = await ordersRepo().listForCustomer(user.uid);
    expect(order.status).toBe('failed');
  });
});
