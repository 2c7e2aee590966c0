/** What the earnings endpoint accepts, parsed by the function (islands never import zod). */
import { text, z } from '#lib/zod';
import { UUID } from '#lib/ids';
import { PAYOUT_LIMITS } from './payouts';

/** `GET /api/editor/earnings?format=`: the page's JSON, or the statement as CSV. */
export const statementFormatSchema = z.enum(['json', 'csv'], { message: 'format must be json or csv' }).default('json');

/** `POST /api/admin/payouts`: a run paid by hand, named by the admin's request id so a retry finds it. */
export const payoutRunSchema = z.object({
  requestId: z.string({ message: 'requestId must be text' }).regex(UUID, 'requestId must be a UUID'),
  reference: text('reference', PAYOUT_LIMITS.reference),
});
