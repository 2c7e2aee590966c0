/**
 * GET /api/orders/:id/receipts/:receipt: the PDF receipt of an order's payment ('payment') or of one
 * of its refunds ('refund-<n>'), for the order's owner or an admin; 404 for anyone else (existence
 * stays secret) and for a receipt the order does not have. Drawn on request, in a worker, and a
 * few dozen every ten minutes per person (RATE_LIMITS.receipt).
 */
import type { Config } from '@netlify/functions';
import { RECEIPT_ID, receiptOf } from '#features/orders/receipts';
import { ordersRepo } from '#features/orders/server/orders.repo';
import { receiptPdfInWorker } from '#features/orders/server/receipt-in-worker';
import { authenticate } from '#server/core/auth';
import { HttpError, parse, route } from '#server/core/http';
import { spend } from '#server/core/rate-limits';
import { z } from '#lib/zod';

const paramsSchema = z.object({
  receipt: z.string().regex(RECEIPT_ID, "receipt must be 'payment' or 'refund-' and a number"),
});

export default route({
  GET: async (req, context) => {
    const caller = await authenticate(req, context);
    const { receipt: id } = parse(paramsSchema, { receipt: context.params.receipt ?? '' });
    const order = await ordersRepo(context).get(context.params.id ?? '');
    if (!order || (order.customer.uid !== caller.uid && !caller.isAdmin)) throw new HttpError(404, 'Order not found');
    const receipt = receiptOf(order, id);
    if (!receipt) throw new HttpError(404, 'This order has no such receipt');
    // Counted once the receipt is known to be the caller's: each drawing starts a worker.
    await spend('receipt', caller.uid, context);
    const pdf = await receiptPdfInWorker(receipt);
    if (!pdf) throw new HttpError(503, 'The receipt could not be made just now; try again in a minute');
    return new Response(pdf, {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Length': String(pdf.byteLength),
        'Content-Disposition': `attachment; filename="${receipt.number}.pdf"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  },
});

export const config: Config = { path: '/api/orders/:id/receipts/:receipt' };
