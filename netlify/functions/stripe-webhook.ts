/**
 * POST /api/stripe/webhook: the payment provider's events, signature checked, each handled once. A
 * paid order gets its projects here, a refund found failed gives its projects' editors their share
 * back, and a transfer Stripe confirms records the editor's payout, so orders need not know of
 * projects or payouts.
 */
import type { Config } from '@netlify/functions';
import { ensureProjects } from '#features/projects/server/creation';
import { earningsAfterFailedRefund } from '#features/projects/server/earnings';
import { receiveWebhook } from '#features/orders/server/fulfilment';
import { confirmTransfer } from '#features/payouts/server/payout-runs';
import { json, route } from '#server/core/http';

export default route({
  POST: async (req, context) => {
    const result = await receiveWebhook(
      await req.text(),
      req.headers.get('stripe-signature') ?? '',
      ensureProjects,
      context,
      earningsAfterFailedRefund,
      confirmTransfer,
    );
    return json({ received: true, result });
  },
});

export const config: Config = { path: '/api/stripe/webhook' };
