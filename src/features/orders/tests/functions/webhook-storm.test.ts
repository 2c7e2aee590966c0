/**
 * Webhook storms (docs/decisions/004, 008): the same `checkout.session.completed` delivered 50 times,
 * other events about the same payments, and the expiry of another order of the same customer, all
 * shuffled. Concurrently against an in-memory store with real compare-and-set (the local Blobs
 * server is not atomic), and one at a time against the local Blobs server. Either way: each order
 * settles once, add-ons are recorded once for every paid order, e-mails go out once per order, and a
 * payment arriving after its order expired is refunded once.
 */
import { getStore } from '@netlify/blobs';
import { describe, expect, it } from 'vitest';
import webhook from '#functions/stripe-webhook';
import { customersRepo } from '../../server/customers.repo';
import { listOutbox } from '#server/core/mail';
import { ordersRepo, type Order } from '../../server/orders.repo';
import { LOCAL_WEBHOOK_SECRET } from '#server/core/stripe';
import { signWebhookPayload } from '../../server/webhook-signature';
import { completedEvent } from '../../server/test-checkout';
import { openOrder } from '#tests/api-fixtures';
import { useAtomicBlobsServer } from '#tests/atomic-blobs-server';
import { createUser } from '#tests/auth-emulator';
import { call } from '#tests/functions';
import { resetOrderingStores, selection } from '#tests/orders';

type Delivery = { payload: string; orderId: string };

const signed = (event: object, orderId: string): Delivery => ({ payload: JSON.stringify(event), orderId });
const deliver = ({ payload }: Delivery) =>
  call(webhook, '/api/stripe/webhook', {
    method: 'POST',
    body: payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signWebhookPayload(payload, LOCAL_WEBHOOK_SECRET),
    },
  });

function eventFor(order: Order, type: string, id = `evt_${crypto.randomUUID().replace(/-/g, '')}`) {
  const completed = completedEvent(
    order,
    `cs_test_local_${order.id.slice(4).toLowerCase().padEnd(32, '0')}`,
  ) as unknown as { data: { object: object } };
  const paymentStatus = type === 'checkout.session.expired' ? 'unpaid' : 'paid';
  return { ...completed, id, type, data: { object: { ...completed.data.object, payment_status: paymentStatus } } };
}

function shuffle<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = crypto.getRandomValues(new Uint32Array(1))[0] % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * Orders of one customer: `community` and `speed` are paid in the storm, `abandoned` expires in it.
 * Each paid order gets its completion 50 times (one event id, as the provider retries it) and 10 more
 * events about the same payment under other ids; the abandoned one 10 expiries under 5 ids.
 */
async function arrangeStorm() {
  await resetOrderingStores();
  const customer = await createUser();
  const open = async (addOns: string[]) =>
    (await ordersRepo().get((await openOrder(customer.idToken, selection({ addOns }))).orderId))!;
  const community = await open(['community']);
  const speed = await open(['speed24hr']);
  const abandoned = await open(['speed48hr']);

  const payments = [community, speed].flatMap((order) => {
    const completed = signed(eventFor(order, 'checkout.session.completed'), order.id);
    return [
      ...Array.from({ length: 50 }, () => completed),
      ...Array.from({ length: 10 }, () =>
        signed(eventFor(order, 'checkout.session.async_payment_succeeded'), order.id),
      ),
    ];
  });
  const expiries = Array.from({ length: 5 }, () =>
    signed(eventFor(abandoned, 'checkout.session.expired'), abandoned.id),
  ).flatMap((d) => [d, d]);
  // After the storm: a completion of the expired order, and an expiry of a paid one, both too late.
  const late = [
    signed(eventFor(abandoned, 'checkout.session.completed'), abandoned.id),
    signed(eventFor(community, 'checkout.session.expired'), community.id),
  ];
  return { customer, community, speed, abandoned, storm: shuffle([...payments, ...expiries]), late };
}

type Storm = Awaited<ReturnType<typeof arrangeStorm>>;

async function expectSettledOnce(
  { customer, community, speed, abandoned, storm, late }: Storm,
  answers: Awaited<ReturnType<typeof deliver>>[],
) {
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
  const results = (orderId: string) =>
    [...storm, ...late].map((d, i) => (d.orderId === orderId ? answers[i].body.result : null)).filter(Boolean);
  for (const paid of [community, speed]) {
    expect(results(paid.id).filter((r) => r === 'paid')).toHaveLength(1);
    expect((await ordersRepo().get(paid.id))?.status).toBe('paid');
  }
  expect(results(abandoned.id).filter((r) => r === 'expired')).toHaveLength(1);
  expect(results(abandoned.id)).not.toContain('paid');
  expect((await ordersRepo().get(abandoned.id))?.status).toBe('expired');

  // Both paid orders' add-ons, recorded by concurrent compare-and-set; nothing from the expired one.
  expect((await customersRepo().get(customer.uid)).ownedAddOns).toEqual({
    community: true,
    speed24hr: true,
    speed48hr: false,
  });

  // The late payment of the expired order is refunded in full, once.
  expect(results(abandoned.id).filter((r) => r === 'extra-payment-refunded')).toHaveLength(1);
  expect((await ordersRepo().get(abandoned.id))?.extraPayments).toEqual([
    expect.objectContaining({
      amountCents: abandoned.totalCents,
      refund: expect.objectContaining({ state: 'succeeded' }),
    }),
  ]);

  // Three e-mails per paid order (parent, student, business); for the expired one, the refund of its
  // late payment to the family and to our team.
  const mails = (await listOutbox(undefined, 1000)).map((m) => m.value.text);
  expect(mails).toHaveLength(8);
  for (const paid of [community, speed])
    expect(mails.filter((text) => text.includes(`Order ${paid.id}`))).toHaveLength(3);
  expect(mails.filter((text) => text.includes(abandoned.id))).toHaveLength(2);

  // Each distinct event was claimed once; besides them, the test-mode refund's own event.
  const eventIds = new Set([...storm, ...late].map((d) => JSON.parse(d.payload).id));
  const claimed = (await getStore({ name: 'events', consistency: 'strong' }).list()).blobs.map((b) => b.key);
  expect(claimed.filter((id) => eventIds.has(id)).sort()).toEqual([...eventIds].sort());
  expect(claimed.filter((id) => !eventIds.has(id))).toEqual([expect.stringMatching(/^evt_test_local_/)]);
}

describe('against an in-memory store with real compare-and-set, all at once', () => {
  useAtomicBlobsServer();

  it('is atomic: of 50 concurrent writes of a new key, or from the same etag, exactly one succeeds', async () => {
    const store = getStore({ name: 'race', consistency: 'strong' });
    const created = await Promise.all(
      Array.from({ length: 50 }, (_, i) => store.setJSON('key', { i }, { onlyIfNew: true })),
    );
    expect(created.filter((r) => r.modified)).toHaveLength(1);
    const { etag } = (await store.getWithMetadata('key'))!;
    const updated = await Promise.all(
      Array.from({ length: 50 }, (_, i) => store.setJSON('key', { i }, { onlyIfMatch: etag! })),
    );
    expect(updated.filter((r) => r.modified)).toHaveLength(1);
  });

  it('settles each order once, records add-ons once, and sends e-mails once', async () => {
    const storm = await arrangeStorm();
    const answers = await Promise.all(storm.storm.map(deliver));
    for (const delivery of storm.late) answers.push(await deliver(delivery));
    await expectSettledOnce(storm, answers);
  });
});

describe('against the local Blobs server, one delivery at a time', () => {
  it('settles each order once, records add-ons once, and sends e-mails once', async () => {
    const storm = await arrangeStorm();
    const answers = [];
    for (const delivery of [...storm.storm, ...storm.late]) answers.push(await deliver(delivery));
    await expectSettledOnce(storm, answers);
  });
});
