/**
 * POST /api/consult/lookup { token }: the consult a cancel link belongs to (when, and whether it still
 * stands), for the cancel page to show before anything is cancelled. The token travels in the body,
 * not the URL, so it stays out of logs.
 */
import type { Config } from '@netlify/functions';
import { cancelTokenSchema } from '#features/consults/consult-rules.schema';
import { consultMessages } from '#features/consults/consult-messages';
import { bookingIdForToken, consultByToken } from '#features/consults/server/consult-booking';
import { consultsRepo } from '#features/consults/server/consults.repo';
import { HttpError, privateJson, readBody, route } from '#server/core/http';

export default route({
  POST: async (req, context) => {
    const { token } = await readBody(req, cancelTokenSchema);
    const found = await consultsRepo(context).get(await bookingIdForToken(token, context));
    if (!found) throw new HttpError(404, consultMessages.badCancelLink);
    return privateJson(consultByToken(found.value));
  },
});

export const config: Config = {
  path: '/api/consult/lookup',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
