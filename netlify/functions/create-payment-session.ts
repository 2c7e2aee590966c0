/** POST /api/stripe/create-payment-session: a signed-in customer's selection -> { id, url }; the server prices it. */
import type { Config } from '@netlify/functions';
import { checkoutSelectionSchema } from '#features/orders/order.schema';
import { authenticate } from '#server/core/auth';
import { startCheckout } from '#features/orders/server/checkout';
import { json, readBody, route } from '#server/core/http';
import { configuredPayments } from '#server/core/stripe';

export default route({
  POST: async (req, context) => {
    // A deploy that cannot take money says so before anything else (503).
    const payments = configuredPayments(context);
    const caller = await authenticate(req, context);
    const selection = await readBody(req, checkoutSelectionSchema);
    const { order, session } = await startCheckout(selection, caller, payments, context);
    return json({ id: session.id, url: session.url, orderId: order.id, totalCents: order.totalCents });
  },
});

export const config: Config = {
  path: '/api/stripe/create-payment-session',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
