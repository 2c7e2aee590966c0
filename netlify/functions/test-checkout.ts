/**
 * /api/stripe/test-checkout/:orderId: the order a test checkout shows (GET) and its payment (POST).
 * Only in local and test mode: with Stripe keys set it does not exist (404).
 */
import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { authenticate } from '../server/auth';
import { HttpError, json, readBody, route } from '../server/http';
import { ordersRepo } from '../server/orders.repo';
import { isTestMode } from '../server/payments';
import { payTestCheckout } from '../server/test-checkout';

const paymentSchema = z.object({
  sessionId: z.string().regex(/^cs_test_local_[a-f0-9]{32}$/, 'sessionId is not a test session'),
  cardNumber: z.string().regex(/^[\d ]{12,23}$/, 'cardNumber must be digits'),
});

async function ownOrder(req: Request, orderId: string | undefined, context: Parameters<typeof ordersRepo>[0]) {
  if (!isTestMode()) throw new HttpError(404, 'Not found');
  const caller = await authenticate(req);
  const order = orderId ? await ordersRepo(context).get(orderId) : null;
  if (!order || order.customer.uid !== caller.uid) throw new HttpError(404, 'Order not found');
  return order;
}

export default route({
  GET: async (req, context) => json(await ownOrder(req, context.params.orderId, context)),
  POST: async (req, context) => {
    const order = await ownOrder(req, context.params.orderId, context);
    const { sessionId, cardNumber } = await readBody(req, paymentSchema);
    if (order.status !== 'pending') throw new HttpError(409, 'This order is no longer awaiting payment.');
    const result = await payTestCheckout(order, sessionId, cardNumber, context);
    return json({ result });
  },
});

export const config: Config = { path: '/api/stripe/test-checkout/:orderId' };
