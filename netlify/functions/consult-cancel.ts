/**
 * POST /api/consult/cancel { token }: the visitor cancels their consult with the link from the
 * confirmation e-mail. The slot is free again and the cancellation (METHOD:CANCEL) sent or kept in the
 * outbox before the answer. A late cancel changes nothing and answers 409 saying why; a repeated one
 * finishes what a failed attempt left undone and answers 409 too.
 */
import type { Config } from '@netlify/functions';
import { cancelTokenSchema } from '#features/consults/consult-rules.schema';
import { bookingIdForToken, cancelConsult, consultByToken } from '#features/consults/server/consult-booking';
import { privateJson, readBody, route } from '#server/core/http';

export default route({
  POST: async (req, context) => {
    const { token } = await readBody(req, cancelTokenSchema);
    const cancelled = await cancelConsult(await bookingIdForToken(token, context), { by: 'visitor' }, context);
    return privateJson(consultByToken(cancelled));
  },
});

export const config: Config = {
  path: '/api/consult/cancel',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
