/**
 * GET /api/me: who the signed-in caller is: whether an admin, the editor they sign in as,
 * which add-ons they own, and the community's invite link once they own the community add-on.
 */
import type { Config } from '@netlify/functions';
import { authenticate } from '../server/core/auth';
import { customersRepo } from '../server/orders/customers.repo';
import { editorOf } from '../server/delivery/access';
import { serverEnv } from '../server/core/env';
import { privateJson, route } from '../server/core/http';

export default route({
  GET: async (req, context) => {
    const caller = await authenticate(req, context);
    const [{ ownedAddOns }, editor] = await Promise.all([
      customersRepo(context).get(caller.uid),
      editorOf(caller, context),
    ]);
    return privateJson({
      email: caller.email,
      isAdmin: caller.isAdmin,
      editor: editor ? { id: editor.id, name: editor.name } : null,
      ownedAddOns,
      communityInviteUrl: ownedAddOns.community ? serverEnv().COMMUNITY_INVITE_URL : null,
    });
  },
});

export const config: Config = { path: '/api/me' };
