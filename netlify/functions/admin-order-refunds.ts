/**
 * POST /api/admin/orders/:id/refunds (admin; above STAFF_REFUND_LIMIT_CENTS, an owner): refunds any
 * amount up to what remains of a paid order,
 * with a reason, optionally cancelling chosen projects. Answers the order with its refunds.
 */
import type { Config } from '@netlify/functions';
import { adminRefundSchema } from '#features/projects/project.schema';
import { refundByAdmin } from '#features/projects/server/admin-refund';
import { withProjectEditors } from '#features/projects/server/order-editors';
import { roleMessages, STAFF_REFUND_LIMIT_CENTS } from '#lib/roles';
import { requireAdmin, requireOwner } from '#server/core/auth';
import { privateJson, readBody, route } from '#server/core/http';

export default route({
  POST: async (req, context) => {
    const caller = await requireAdmin(req, context);
    const input = await readBody(req, adminRefundSchema);
    if (input.amountCents > STAFF_REFUND_LIMIT_CENTS) requireOwner(caller, roleMessages.refundAboveLimit);
    const [order] = await withProjectEditors(
      [await refundByAdmin(context.params.id ?? '', input, caller, context)],
      context,
    );
    return privateJson(order);
  },
});

export const config: Config = { path: '/api/admin/orders/:id/refunds' };
