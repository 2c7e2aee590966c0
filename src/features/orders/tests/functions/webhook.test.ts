import { getStore } from '@netlify/blobs';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import createSession from '#functions/create-payment-session';
import webhook from '#functions/stripe-webhook';
import { customersRepo } from '../../server/customers.repo';
import { editorsRepo } from '#features/editors/server/editors.repo';
import type { OutboxMail } from '#server/core/mail';
import { ordersRepo, type Order } from '../../server/orders.repo';
import { LOCAL_WEBHOOK_SECRET } from '#server/core/stripe';
import { serverEnv } from '#server/core/env';
import { signWebhookPayload } from '../../server/webhook-signature';
import { completedEvent } from '../../server/test-checkout';
import { site } from '#lib/site';
import { bearer, createUser } from '#tests/auth-emulator';
import { call } from '#tests/functions';
import { resetOrderingStores, selection } from '#tests/orders';

let user: Awaited<ReturnType<typeof createUser>>;
let order: Order;

const deliver = (event: object, secret = LOCAL_WEBHOOK_SECRET) => {
  const payload = JSON.stringify(event);
  return call(webhook, '/api/stripe/webhook', {
    method: 'POST',
    body: payload,
    headers: { 'stripe-signature': signWebhookPayload(payload, secret) },
  });
};
const event = (type: string, session: Record<string, unknown> = {}, id = `evt_${crypto.randomUUID()}`) => {
  const base = completedEvent(order, 'cs_test_local_' + 'a'.repeat(32)) as unknown as { data: { object: object } };
  return { ...base, id, type, data: { object: { ...base.data.object, ...session } } };
};
const outbox = async () => (await getStore({ name: 'outbox', consistency: 'strong' }).list()).blobs.length;
const outboxMails = async () => {
  const store = getStore({ name: 'outbox', consistency: 'strong' });
  const { blobs } = await store.list();
  return Promise.all(blobs.map(async (b) => (await store.get(b.key, { type: 'json' })) as OutboxMail));
};

beforeAll(async () => {
  user = await createUser();
});
beforeEach(async () => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_WEBHOOK_SECRET;
  await resetOrderingStores();
  const res = await call(createSession, '/api/stripe/create-payment-session', {
    method: 'POST',
    json: selection({ addOns: ['community', 'speed48hr'] }),
    headers: bearer(user.idToken),
  });
  order = (await ordersRepo().get(res.body.orderId))!;
});

describe('POST /api/stripe/webhook: signatures', () => {
  it('answers 400 without a signature, with a bad one, or with another secret, and changes nothing', async () => {
    const payload = JSON.stringify(event('checkout.session.completed'));
    const attempts: Record<string, string>[] = [
      {},
      { 'stripe-signature': 't=1,v1=deadbeef' },
      { 'stripe-signature': signWebhookPayload(payload, 'whsec_someone_else') },
    ];
    for (const headers of attempts) {
      const res = await call(webhook, '/api/stripe/webhook', { method: 'POST', body: payload, headers });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Invalid signature' });
    }
    expect((await ordersRepo().get(order.id))?.status).toBe('pending');
  });

  it('in Stripe mode, refuses events signed with the local test secret', async () => {
    process.env.STRIPE_SECRET_KEY = 'sk_live_x';
    process.env.STRIPE_WEBHOOK_SECRET = 'whsec_real';
    expect((await deliver(event('checkout.session.completed'))).status).toBe(400);
    expect((await deliver(event('checkout.session.completed'), 'whsec_real')).body.result).toBe('paid');
  });
});

describe('POST /api/stripe/webhook: fulfilment', () => {
  it('marks the order paid, records the add-ons, and sends three e-mails', async () => {
    const res = await deliver(event('checkout.session.completed'));
    expect(res.status).toBe(200);
    expect(res.body.result).toBe('paid');
    const paid = await ordersRepo().get(order.id);
    expect(paid).toMatchObject({
      status: 'paid',
      payment: { sessionId: expect.stringMatching(/^cs_test_local_/), paymentIntent: expect.stringMatching(/^pi_/) },
    });
    expect((await customersRepo().get(user.uid)).ownedAddOns).toEqual({
      community: true,
      speed24hr: false,
      speed48hr: true,
    });
    expect(await outbox()).toBe(3);
  });

  it('e-mails the editor at their account address with the work and no prices, says so on the order, and itemises the family’s e-mails as the page does', async () => {
    expect((await deliver(event('checkout.session.completed'))).body.result).toBe('paid');
    expect(await ordersRepo().get(order.id)).toMatchObject({ editorNotice: 'editor' });
    const mails = await outboxMails();
    expect(mails.map((m) => m.to).sort()).toEqual(['maya@example.test', 'pat@example.com', 'sam@example.com']); // the seed's account for Maya Chen
    const toEditor = mails.find((m) => m.to === 'maya@example.test')!;
    for (const mail of mails.filter((m) => m !== toEditor)) {
      for (const line of [
        'Common App Essay Editing: $300',
        'Paid Community Access: $50',
        '48-Hour Response: $250',
        'Total paid: $600',
      ]) {
        expect(mail.text).toContain(line);
      }
      expect(mail.text).toContain('Edits included: unlimited revisions for your Common App essay.');
    }
    // The receipt is behind sign-in: it carries the billing address, and a mail may be forwarded.
    const toParent = mails.find((m) => m.to === 'pat@example.com')!;
    expect(toParent.text).toContain(
      `Your receipt (PDF) is on the order's page, signed in to the account that placed the order: ${serverEnv().URL}/order-confirmation?order=${order.id}\n`,
    );
    expect(mails.find((m) => m.to === 'sam@example.com')!.text).not.toContain('receipt');
    // The editor gets the work, not the family's money: what to edit, how fast, and the rules.
    for (const line of [
      'Common App Essay Editing',
      'Turnaround: 48-Hour Response',
      'Edits included: unlimited revisions for your Common App essay.',
    ]) {
      expect(toEditor.text).toContain(line);
    }
    expect(toEditor.text).not.toMatch(/\$|Total|Paid Community Access/);
    // The editor meets the family in the projects' threads: no address of the student or a parent.
    for (const contact of ['pat@example.com', 'sam@example.com', 'Pat Rivera', 'Rivera'])
      expect(toEditor.text).not.toContain(contact);
    expect(toEditor.text).toContain('New work for you: Sam (11th Grade).');
    expect(toEditor.text).toMatch(/workspace for the first draft: http\S+\/editor/);
  });

  it('without an editor account, the notice goes to our inbox and the order says our team was notified', async () => {
    const maya = (await editorsRepo().get('maya-chen'))!;
    await editorsRepo().update('maya-chen', { ...maya, accountEmail: '' });
    expect((await deliver(event('checkout.session.completed'))).body.result).toBe('paid');
    expect(await ordersRepo().get(order.id)).toMatchObject({ editorNotice: 'team' });
    const toTeam = (await outboxMails()).find((m) => m.to === site.email)!;
    expect(toTeam.subject).toBe(`[Editor inbox] New order ${order.id} for Maya Chen`);
    expect(toTeam.text).toContain('For Maya Chen (no editor account yet): please pass this order on.');
  });

  it('handles a duplicate delivery of the same event once', async () => {
    const once = event('checkout.session.completed');
    expect((await deliver(once)).body.result).toBe('paid');
    expect((await deliver(once)).body.result).toBe('duplicate');
    expect(await outbox()).toBe(3);
  });

  it('fulfils once when the provider sends two different events for the same payment', async () => {
    expect((await deliver(event('checkout.session.completed'))).body.result).toBe('paid');
    expect((await deliver(event('checkout.session.async_payment_succeeded'))).body.result).toBe('already-settled');
    expect(await outbox()).toBe(3);
  });

  it('does not fulfil when the amount paid differs from the order', async () => {
    expect(
      (await deliver(event('checkout.session.completed', { amount_total: order.totalCents - 1 }))).body.result,
    ).toBe('amount-mismatch');
    expect((await deliver(event('checkout.session.completed', { currency: 'eur' }))).body.result).toBe(
      'amount-mismatch',
    );
    expect((await ordersRepo().get(order.id))?.status).toBe('pending');
    expect((await customersRepo().get(user.uid)).ownedAddOns.community).toBe(false);
    expect(await outbox()).toBe(0);
  });

  it('waits for a delayed payment method, then fulfils on async_payment_succeeded', async () => {
    expect((await deliver(event('checkout.session.completed', { payment_status: 'unpaid' }))).body.result).toBe(
      'awaiting-payment',
    );
    expect((await ordersRepo().get(order.id))?.status).toBe('pending');
    expect((await deliver(event('checkout.session.async_payment_succeeded'))).body.result).toBe('paid');
  });

  it('marks a failed delayed payment as failed', async () => {
    expect((await deliver(event('checkout.session.async_payment_failed'))).body.result).toBe('failed');
    expect((await ordersRepo().get(order.id))?.status).toBe('failed');
  });

  it('an expired order never becomes paid: a payment arriving late is refunded, and the family and our team are told', async () => {
    expect((await deliver(event('checkout.session.expired'))).body.result).toBe('expired');
    expect((await deliver(event('checkout.session.completed'))).body.result).toBe('extra-payment-refunded');
    const after = (await ordersRepo().get(order.id))!;
    expect(after.status).toBe('expired');
    expect(after.extraPayments).toEqual([
      expect.objectContaining({
        amountCents: order.totalCents,
        refund: expect.objectContaining({ state: 'succeeded' }),
      }),
    ]);
    const mails = await outboxMails();
    expect(mails.map((m) => m.to).sort()).toEqual([site.email, user.email].sort());
    expect(mails.find((m) => m.to === user.email)!.text).toContain(
      `Your order ${order.id} had expired before your payment reached us, so we refunded it in full.`,
    );
  });

  it('accepts and ignores events for unknown orders and unrelated types', async () => {
    expect(
      (await deliver(event('checkout.session.completed', { client_reference_id: 'BCC-ZZZZZZ' }))).body.result,
    ).toBe('unknown-order');
    expect((await deliver(event('customer.created'))).body.result).toBe('ignored');
  });
});

describe('POST /api/stripe/webhook: a second payment for a paid order', () => {
  const second = 'cs_test_local_' + 'b'.repeat(32);

  it("is refunded in full, once, apart from the order's own refunds; the family and our team hear of it once", async () => {
    expect((await deliver(event('checkout.session.completed', { payment_intent: 'pi_first' }))).body.result).toBe(
      'paid',
    );
    const again = event('checkout.session.completed', { id: second, payment_intent: 'pi_second' });
    expect((await deliver(again)).body.result).toBe('extra-payment-refunded');
    expect((await deliver(again)).body.result).toBe('duplicate');
    // The same payment told again by another event changes nothing more.
    expect(
      (await deliver(event('checkout.session.async_payment_succeeded', { id: second, payment_intent: 'pi_second' })))
        .body.result,
    ).toBe('extra-payment-refunded');

    const after = (await ordersRepo().get(order.id))!;
    expect(after).toMatchObject({
      status: 'paid',
      payment: { sessionId: 'cs_test_local_' + 'a'.repeat(32), paymentIntent: 'pi_first' },
    });
    expect(after.extraPayments).toEqual([
      {
        sessionId: second,
        paymentIntent: 'pi_second',
        amountCents: order.totalCents,
        receivedAt: expect.any(String),
        refund: expect.objectContaining({ state: 'succeeded', providerId: expect.stringMatching(/^re_test_local_/) }),
      },
    ]);
    expect(after.refunds ?? []).toEqual([]);
    const mails = await outboxMails();
    expect(mails).toHaveLength(5);
    const toFamily = mails.filter((m) => m.subject === `A refund for your order ${order.id}`);
    // To the account that paid, as every refund's notice.
    expect(toFamily.map((m) => m.to)).toEqual([user.email]);
    expect(toFamily[0].text).toContain(
      `Your order ${order.id} was already paid, so we refunded the second payment in full.`,
    );
    const toTeam = mails.filter((m) => m.subject === `an extra payment for order ${order.id}`);
    expect(toTeam.map((m) => m.to)).toEqual([site.email]);
    expect(toTeam[0].text).toContain('pi_second');
  });

  it("a refund event for the second payment settles its refund, not the order's", async () => {
    expect((await deliver(event('checkout.session.completed', { payment_intent: 'pi_first' }))).body.result).toBe(
      'paid',
    );
    await deliver(event('checkout.session.completed', { id: second, payment_intent: 'pi_second' }));
    const failed = {
      id: `evt_${crypto.randomUUID()}`,
      type: 'refund.failed',
      data: {
        object: {
          id: 're_later',
          amount: order.totalCents,
          status: 'failed',
          failure_reason: 'lost_or_stolen_card',
          payment_intent: 'pi_second',
          metadata: {},
        },
      },
    };
    expect((await deliver(failed)).body.result).toBe('refund-recorded');
    const after = (await ordersRepo().get(order.id))!;
    expect(after.refunds ?? []).toEqual([]);
    expect(after.extraPayments![0].refund).toMatchObject({ state: 'failed', failure: 'lost_or_stolen_card' });
  });
});
