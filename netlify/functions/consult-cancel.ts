/**
 * POST /api/consult/cancel { token }: the visitor cancels their consult with the link from the
 * confirmation e-mail. The slot is free again at once; the cancellation (METHOD:CANCEL) goes out after
 * the answer. A repeated or late cancel changes nothing and answers 409 saying why.
 */
import type { Config } from '@netlify/functions';
import { cancelTokenSchema } from '../../src/lib/consult';
import { bookingIdForToken, cancelConsult, consultByToken } from '../server/consult-booking';
import { cancellationMails, sendEach } from '../server/consult-mail';
import { privateJson, readBody, route } from '../server/http';

export default route({
  POST: async (req, context) => {
    const { token } = await readBody(req, cancelTokenSchema);
    const now = new Date();
    const cancelled = await cancelConsult(await bookingIdForToken(token, context), { by: 'visitor' }, context, now);
    context.waitUntil(sendEach(cancellationMails(cancelled, { now }), context, `Consult ${cancelled.id} cancellation`));
    return privateJson(consultByToken(cancelled));
  },
});

export const config: Config = {
  path: '/api/consult/cancel',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
