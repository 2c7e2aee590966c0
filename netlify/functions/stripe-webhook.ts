/**
 * POST /api/stripe/webhook: the payment provider's events, signature checked, each handled once. A
 * paid order gets its projects here, and a refund found failed gives its projects' editors their share
 * back, so orders need not know of projects.
 */
import type { Config } from '@netlify/functions';
import { ensureProjects } from '#features/projects/server/creation';
import { earningsAfterFailedRefund } from '#features/projects/server/earnings';
import { receiveWebhook } from '#features/orders/server/fulfilment';
import { json, route } from '#server/core/http';

export default route({
  POST: async (req, context) => {
    const result = await receiveWebhook(
      await req.text(),
      req.headers.get('stripe-signature') ?? '',
      ensureProjects,
      context,
      earningsAfterFailedRefund,
    );
    return json({ received: true, result });
  },
});

export const config: Config = { path: '/api/stripe/webhook' };
