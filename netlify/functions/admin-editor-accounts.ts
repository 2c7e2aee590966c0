/**
 * GET /api/admin/editor-accounts (admin): which address each editor signs in with,
 * `{ [editorId]: email }`. Never part of the public editors list.
 */
import type { Config } from '@netlify/functions';
import { requireAdmin } from '../server/auth';
import { editorsRepo } from '../server/editors.repo';
import { privateJson, route } from '../server/http';

export default route({
  GET: async (req, context) => {
    await requireAdmin(req, context);
    const editors = await editorsRepo(context).list({ fresh: true });
    return privateJson(Object.fromEntries(editors.flatMap((editor) => (editor.accountEmail ? [[editor.id, editor.accountEmail]] : []))));
  },
});

export const config: Config = { path: '/api/admin/editor-accounts' };
