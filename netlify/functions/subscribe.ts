/** POST /api/database/subscribe { email }: the newsletter sign-up (SPEC §7). */
import type { Config } from '@netlify/functions';
import { subscribeSchema } from '../../src/lib/schemas';
import { json, readBody, route } from '../server/http';
import { subscribersRepo } from '../server/subscribers.repo';

export default route({
  POST: async (req, context) => {
    const { email } = await readBody(req, subscribeSchema);
    // Subscribing twice is not an error for the visitor: the address is simply kept once.
    await subscribersRepo(context).subscribe(email);
    return json({ ok: true });
  },
});

export const config: Config = {
  path: '/api/database/subscribe',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
