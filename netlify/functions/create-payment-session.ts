/** POST /api/stripe/create-payment-session: a signed-in customer's selection -> { id, url } (DESIGN §5). */
import type { Config } from '@netlify/functions';
import { checkoutSelectionSchema } from '../../src/lib/schemas';
import { authenticate } from '../server/auth';
import { startCheckout } from '../server/checkout';
import { json, readBody, route } from '../server/http';

export default route({
  POST: async (req, context) => {
    const caller = await authenticate(req);
    const selection = await readBody(req, checkoutSelectionSchema);
    const { order, session } = await startCheckout(selection, caller, context);
    return json({ id: session.id, url: session.url, orderId: order.id, totalCents: order.totalCents });
  },
});

export const config: Config = {
  path: '/api/stripe/create-payment-session',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
