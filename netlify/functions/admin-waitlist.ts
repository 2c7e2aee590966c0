/**
 * GET /api/admin/waitlist (admin): one page of waitlist entries (`?limit=&cursor=`), in key order,
 * so the entries of one editor arrive together, each with the editor's current name (or, for an
 * editor since deleted, the name they had).
 */
import type { Config } from '@netlify/functions';
import { requireAdmin } from '../server/auth';
import { editorsRepo } from '../server/editors.repo';
import { privateJson, route } from '../server/http';
import { pageQueryOf } from '../server/paging';
import { waitlistRepo } from '../server/waitlist.repo';

export default route({
  GET: async (req, context) => {
    await requireAdmin(req, context);
    const page = await waitlistRepo(context).page(pageQueryOf(new URL(req.url)));
    // An entry keeps the name the editor had when the person joined; the admin sees today's.
    const names = new Map((await editorsRepo(context).list({ fresh: true })).map((editor) => [editor.id, editor.name]));
    return privateJson({ ...page, items: page.items.map((item) => ({ ...item, editorName: names.get(item.editorId) ?? item.editorName })) });
  },
});

export const config: Config = { path: '/api/admin/waitlist' };
