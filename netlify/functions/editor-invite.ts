/**
 * POST /api/editor-invite { token }: what an editor's invitation link names (their name and the address
 * it is for), for the welcome on /editor; with `accept` and the invited editor signed in with that
 * address, verified, it is taken up. A forged, expired or superseded link is 404. A link cannot be
 * guessed, only signed by us; Netlify's per-IP limit keeps a script from hammering it all the same.
 */
import type { Config } from '@netlify/functions';
import { invitationTokenSchema } from '#features/editors/editor.schema';
import { acceptInvitation, openInvitation } from '#features/editors/server/invitations';
import { authenticate } from '#server/core/auth';
import { privateJson, readBody, route } from '#server/core/http';

export default route({
  POST: async (req, context) => {
    const { token, accept } = await readBody(req, invitationTokenSchema);
    if (!accept) return privateJson(await openInvitation(token, context));
    const caller = await authenticate(req, context);
    return privateJson(await acceptInvitation(token, caller, context));
  },
});

export const config: Config = {
  path: '/api/editor-invite',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
