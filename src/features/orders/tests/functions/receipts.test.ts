/**
 * GET /api/orders/:id/receipts/:receipt: a paid order's receipts as PDFs, read back as a PDF reader
 * reads them, for the family and the admin alone.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import adminOrderRefunds from '#functions/admin-order-refunds';
import orderReceipt from '#functions/order-receipt';
import { receiptsOf } from '../../receipts';
import { ordersRepo } from '../../server/orders.repo';
import { asAdmin, testTokens } from '#tests/admin-access';
import { bearer, createUser } from '#tests/auth-emulator';
import { BASE, context } from '#tests/functions';
import { resetOrderingStores, selection } from '#tests/orders';
import { pdfText } from '#tests/pdf';
import { paidOrder } from '#tests/projects';
import { formatUsd, formatUsdCents } from '#lib/money';
import { RATE_LIMITS } from '#lib/limits';
import { spend } from '#server/core/rate-limits';
import { formatDay } from '#lib/time';

let family: Awaited<ReturnType<typeof createUser>>;
let stranger: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  [family, stranger] = await Promise.all([createUser(), createUser(), testTokens()]);
});
beforeEach(async () => {
  delete process.env.STRIPE_SECRET_KEY;
  await resetOrderingStores();
});

/** The receipt as the browser gets it: status, headers and, for a PDF, its text. */
async function download(orderId: string, receipt: string, headers: Record<string, string>) {
  const res = await orderReceipt(
    new Request(`${BASE}/api/orders/${orderId}/receipts/${receipt}`, { headers }),
    context({ id: orderId, receipt }),
  );
  if (res.headers.get('content-type') !== 'application/pdf') return { status: res.status, body: await res.json() };
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, text: (await pdfText(bytes)).flat() };
}

const refund = async (orderId: string, amountCents: number, reason: string, requestId: string) =>
  adminOrderRefunds(
    new Request(`${BASE}/api/admin/orders/${orderId}/refunds`, {
      method: 'POST',
      headers: { ...(await asAdmin()), 'content-type': 'application/json' },
      body: JSON.stringify({ requestId, amountCents, reason, projectIds: [] }),
    }),
    context({ id: orderId }),
  );

describe('a paid order’s payment receipt', () => {
  it('names the business, the family billed, each item, the total and the date, as a PDF', async () => {
    const { orderId } = await paidOrder(
      family.idToken,
      selection({ services: [{ id: 'supplement-large', quantity: 2 }], addOns: ['speed48hr'] }),
    );
    const order = (await ordersRepo().get(orderId))!;
    const got = await download(orderId, 'payment', bearer(family.idToken));
    expect(got.status).toBe(200);
    expect(got.headers!.get('content-disposition')).toBe(`attachment; filename="${orderId}-P.pdf"`);
    expect(got.headers!.get('cache-control')).toBe('private, no-store');
    expect(got.headers!.get('content-length')).toBe(String(got.bytes!.byteLength));
    const day = formatDay(order.payment.paidAt!, 'long');
    const [service, speed] = [order.serviceLines[0]!, order.addOnLines[0]!];
    expect(got.text).toEqual([
      'Beacon College Counsel',
      'hello@beaconcollegecounsel.com',
      '(555) 010-0142',
      '(555) 010-0187',
      'Payment receipt',
      `Receipt no. ${orderId}-P`,
      `Date: ${day}`,
      'Billed to',
      'Pat Rivera',
      '1 Main St',
      'Springfield, IL 62701',
      'United States',
      '(312) 555-0100',
      `Order: ${orderId}`,
      'Student: Sam Rivera',
      `Editor: ${order.editor.name}`,
      `Paid on: ${day}`,
      'Payment method: Test payment (no card was charged)',
      'Item Amount',
      `${service.title} × 2 ${formatUsd(service.totalCents)}`,
      `${formatUsd(service.unitCents)} each`,
      `${speed.title} ${formatUsd(speed.chargedCents)}`,
      `Total paid ${formatUsd(order.totalCents)}`,
      'Thank you for your order. Questions about this receipt: hello@beaconcollegecounsel.com.',
    ]);
  }, 30_000);

  it('is the admin’s to download too, and nobody else’s: 404 as if there were no order', async () => {
    const { orderId } = await paidOrder(family.idToken);
    expect((await download(orderId, 'payment', await asAdmin())).status).toBe(200);
    expect(await download(orderId, 'payment', bearer(stranger.idToken))).toEqual({
      status: 404,
      body: { error: 'Order not found' },
    });
    expect((await download('BCC-NOPE22', 'payment', bearer(family.idToken))).status).toBe(404);
    expect((await download(orderId, 'payment', {})).status).toBe(401);
  }, 30_000);

  it('refuses a receipt id that is not one (400) and one the order does not have (404)', async () => {
    const { orderId } = await paidOrder(family.idToken);
    for (const bad of ['refund-0', 'refund-x', '../payment', 'PAYMENT', 'refund-12345'])
      expect((await download(orderId, bad, bearer(family.idToken))).status, bad).toBe(400);
    expect(await download(orderId, 'refund-1', bearer(family.idToken))).toEqual({
      status: 404,
      body: { error: 'This order has no such receipt' },
    });
  });
});

describe('drawing receipts', () => {
  it('is limited per person, each drawing starting a worker: past the limit, 429 with Retry-After', async () => {
    const { orderId } = await paidOrder(family.idToken);
    // The window filled as the endpoint counts it: every receipt drawn for this person so far.
    for (let i = 0; i < RATE_LIMITS.receipt.limit; i++) await spend('receipt', family.uid);
    const refused = await orderReceipt(
      new Request(`${BASE}/api/orders/${orderId}/receipts/payment`, { headers: bearer(family.idToken) }),
      context({ id: orderId, receipt: 'payment' }),
    );
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.json()).toEqual({ error: expect.stringMatching(/^Too many receipts in a short time/) });
    // Someone else, the admin, is not held back.
    expect((await download(orderId, 'payment', await asAdmin())).status).toBe(200);
  }, 30_000);
});

describe('a refund’s receipt', () => {
  it('says what was refunded, why, when, and what remained paid after it; each refund has its own', async () => {
    const { orderId } = await paidOrder(family.idToken);
    expect(
      (await refund(orderId, 2500, 'Goodwill for a late round', '7d9e2b4c-1f3a-4b5c-8d6e-0a1b2c3d4e5f')).status,
    ).toBe(200);
    expect((await refund(orderId, 1000, 'A second goodwill', '0c4f2a9e-5b1d-4e7a-9c3f-6d8e1a2b3c4d')).status).toBe(200);
    const order = (await ordersRepo().get(orderId))!;
    expect(receiptsOf(order).map((r) => r.fileName)).toEqual([
      `${orderId}-P.pdf`,
      `${orderId}-R1.pdf`,
      `${orderId}-R2.pdf`,
    ]);
    const first = await download(orderId, 'refund-1', bearer(family.idToken));
    expect(first.headers!.get('content-disposition')).toBe(`attachment; filename="${orderId}-R1.pdf"`);
    expect(first.text!.slice(4, 7)).toEqual([
      'Refund receipt',
      `Receipt no. ${orderId}-R1`,
      `Date: ${formatDay(order.refunds![0]!.createdAt, 'long')}`,
    ]);
    expect(first.text!.slice(-7)).toEqual([
      'Item Amount',
      'Refund $25.00',
      'Goodwill for a late round',
      `Originally paid ${formatUsdCents(order.totalCents)}`,
      'Refunded $25.00',
      `Still paid after this refund ${formatUsdCents(order.totalCents - 2500)}`,
      'The refund goes back to the card that paid for the order. Questions about this receipt: hello@beaconcollegecounsel.com.',
    ]);
    const second = await download(orderId, 'refund-2', await asAdmin());
    expect(second.text).toEqual(
      expect.arrayContaining([
        'Refund $10.00',
        'A second goodwill',
        `Still paid after this refund ${formatUsdCents(order.totalCents - 3500)}`,
      ]),
    );
  }, 30_000);
});
