/**
 * GET /api/me: who the signed-in caller is: whether an admin and with which role, the editor they sign in as,
 * which add-ons they own, the community's invite link once they own the community add-on, and for
 * an invited student (see student-standing.ts) that they are one, and whether their parent closed
 * the account that shared their projects.
 */
import type { Config } from '@netlify/functions';
import { authenticate } from '#server/core/auth';
import { customersRepo } from '#features/orders/server/customers.repo';
import { editorOf } from '#features/editors/server/signed-in-editor';
import { studentStanding } from '#features/projects/server/student-standing';
import { serverEnv } from '#server/core/env';
import { privateJson, route } from '#server/core/http';

export default route({
  GET: async (req, context) => {
    const caller = await authenticate(req, context);
    const [{ ownedAddOns }, editor, student] = await Promise.all([
      customersRepo(context).get(caller.uid),
      editorOf(caller, context),
      studentStanding(caller, context),
    ]);
    return privateJson({
      email: caller.email,
      isAdmin: caller.isAdmin,
      role: caller.role,
      editor: editor ? { id: editor.id, name: editor.name } : null,
      ownedAddOns,
      communityInviteUrl: ownedAddOns.community ? serverEnv().COMMUNITY_INVITE_URL : null,
      ...student,
    });
  },
});

export const config: Config = { path: '/api/me' };
