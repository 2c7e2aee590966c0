/**
 * /api/stripe/test-checkout/:orderId: the order a test checkout shows (GET) and its payment (POST).
 * Only in test mode: with Stripe keys set, and always in the production deploy context, it does not
 * exist (404).
 */
import type { Config, Context } from '@netlify/functions';
import { z } from '#lib/zod';
import { cardNumberProblem, cvcProblem, expiryProblem } from '#lib/card';
import { orderMessages, paymentDeadline } from '#features/orders/order';
import { authenticate } from '#server/core/auth';
import { HttpError, json, readBody, route } from '#server/core/http';
import { ordersRepo } from '#features/orders/server/orders.repo';
import { paymentsMode } from '#server/core/stripe';
import { ensureProjects } from '#features/projects/server/creation';
import { payTestCheckout } from '#features/orders/server/test-checkout';

/** A check of src/lib/card.ts as a zod refinement: the page's words, Stripe's words. */
const cardCheck = (problem: (value: string) => string | null) =>
  z
    .string()
    .max(40)
    .superRefine((value, ctx) => {
      const found = problem(value);
      if (found) ctx.addIssue({ code: 'custom', message: found });
    });

/**
 * What the test checkout's form sends. The expiry and the security code are checked when sent (the
 * page always sends them); API callers and tests may send the number alone, which decides the outcome.
 */
const paymentSchema = z
  .object({
    sessionId: z.string().regex(/^cs_test_local_[a-f0-9]{32}$/, 'sessionId is not a test session'),
    cardNumber: cardCheck(cardNumberProblem),
    expiry: cardCheck((value) => expiryProblem(value)).optional(),
    cvc: z.string().max(8).optional(),
  })
  .superRefine(({ cardNumber, cvc }, ctx) => {
    const found = cvc === undefined ? null : cvcProblem(cvc, cardNumber);
    if (found) ctx.addIssue({ code: 'custom', path: ['cvc'], message: found });
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
    // As Stripe's would be once 'Complete Payment' opened a newer one.
    if (order.payment.sessionIds?.at(-1) !== sessionId) throw new HttpError(409, orderMessages.sessionClosed);
    // As a Stripe session would: none can be paid after the order's 24 hours.
    if (Date.now() >= paymentDeadline(order).getTime()) throw new HttpError(409, orderMessages.expired);
    const result = await payTestCheckout(order, sessionId, cardNumber, mode, ensureProjects, context);
    return json({ result });
  },
});

export const config: Config = { path: '/api/stripe/test-checkout/:orderId' };
