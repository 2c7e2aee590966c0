/**
 * POST /api/orders/:id/:action: what the customer can do with their own unpaid order:
 * `checkout` opens a fresh checkout for it (prices as stored) and answers `{ id, url }`; `cancel`
 * cancels it and answers the order. 404 for anyone else's, 409 when it is no longer awaiting payment.
 */
import type { Config } from '@netlify/functions';
import { z } from '#lib/zod';
import { authenticate } from '#server/core/auth';
import { json, parse, privateJson, route } from '#server/core/http';
import { configuredPayments } from '#server/core/stripe';
import { cancelUnpaidOrder, reopenCheckout } from '#features/orders/server/unpaid-orders';

const actionSchema = z.enum(['checkout', 'cancel'], { message: 'action must be checkout or cancel' });

export default route({
  POST: async (req, context) => {
    const payments = configuredPayments(context);
    const caller = await authenticate(req, context);
    const action = parse(actionSchema, context.params.action);
    const orderId = context.params.id ?? '';
    if (action === 'checkout')
      return json(await reopenCheckout(orderId, caller, payments, context), {
        headers: { 'Cache-Control': 'no-store' },
      });
    return privateJson(await cancelUnpaidOrder(orderId, caller, payments, context));
  },
});

export const config: Config = {
  path: '/api/orders/:id/:action',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
