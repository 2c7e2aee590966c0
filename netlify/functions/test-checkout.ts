/**
 * /api/stripe/test-checkout/:orderId: the order a test checkout shows (GET) and its payment (POST).
 * Only in test mode: with Stripe keys set, and always in the production deploy context, it does not
 * exist (404).
 */
import type { Config, Context } from '@netlify/functions';
import { z } from 'zod';
import { orderMessages, paymentDeadline } from '../../src/lib/order';
import { authenticate } from '../server/auth';
import { HttpError, json, readBody, route } from '../server/http';
import { ordersRepo } from '../server/orders.repo';
import { paymentsMode } from '../server/payments';
import { payTestCheckout } from '../server/test-checkout';

const paymentSchema = z.object({
  sessionId: z.string().regex(/^cs_test_local_[a-f0-9]{32}$/, 'sessionId is not a test session'),
  cardNumber: z.string().regex(/^[\d ]{12,23}$/, 'cardNumber must be digits'),
});

function testMode(context: Context) {
  const mode = paymentsMode(context);
  if (mode.kind !== 'test') throw new HttpError(404, 'Not found');
  return mode;
}

async function ownOrder(req: Request, context: Context) {
  const caller = await authenticate(req, context);
  const orderId = context.params.orderId;
  const order = orderId ? await ordersRepo(context).get(orderId) : null;
  if (!order || order.customer.uid !== caller.uid) throw new HttpError(404, 'Order not found');
  return order;
}

export default route({
  GET: async (req, context) => {
    testMode(context);
    return json(await ownOrder(req, context));
  },
  POST: async (req, context) => {
    const mode = testMode(context);
    const order = await ownOrder(req, context);
    const { sessionId, cardNumber } = await readBody(req, paymentSchema);
    if (order.status !== 'pending') throw new HttpError(409, orderMessages.notPending);
    // As a Stripe session would: none can be paid after the order's 24 hours.
    if (Date.now() >= paymentDeadline(order).getTime()) throw new HttpError(409, orderMessages.expired);
    const result = await payTestCheckout(order, sessionId, cardNumber, mode, context);
    return json({ result });
  },
});

export const config: Config = { path: '/api/stripe/test-checkout/:orderId' };
