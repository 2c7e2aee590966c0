/**
 * /api/admin/waitlist (admin): GET one page of waitlist entries in the order people joined
 * (`?limit=&cursor=`, `?editor=` for one editor's), each with the editor's current name (or, for an
 * editor since deleted, the name they had) and when the person was told; `?format=csv` exports them
 * all. DELETE `?editor=&email=` removes one entry (in the query: an address is no path segment).
 */
import type { Config } from '@netlify/functions';
import { waitlistEntrySchema, waitlistQuerySchema } from '#lib/admin-lists.schema';
import { waitlistStatus } from '#features/waitlist/waitlist';
import { audited } from '#server/core/audit-log';
import { requireAdmin } from '#server/core/auth';
import { toCsv } from '#server/core/csv';
import { editorsRepo, isEditorId } from '#features/editors/server/editors.repo';
import { HttpError, parse, privateJson, route, pageQueryOf } from '#server/core/http';
import { toWaitlistItem, waitlistRepo, type WaitlistEntry } from '#features/waitlist/server/waitlist.repo';

const noEntry = () => new HttpError(404, 'No such waitlist entry');

function csvExport(entries: WaitlistEntry[], now = new Date()) {
  const rows = entries.map((e) => [e.at, e.editorName, e.email, waitlistStatus(e.told ?? null), e.told?.at ?? '']);
  const filename = `waitlist-${now.toISOString().slice(0, 10)}.csv`;
  return new Response(toCsv([['joined at', 'editor', 'email', 'status', 'told at'], ...rows]), {
    headers: {
      'Cache-Control': 'private, no-store',
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
    },
  });
}

export default route({
  GET: async (req, context) => {
    await requireAdmin(req, context);
    const url = new URL(req.url);
    const { editor, format } = parse(waitlistQuerySchema, Object.fromEntries(url.searchParams));
    // An id that could never name an editor has nobody waiting: an empty list, and no key built from it.
    const editorId = editor === undefined || isEditorId(editor) ? editor : null;
    const repo = waitlistRepo(context);
    // An entry keeps the name the editor had when the person joined; the admin sees today's.
    const names = new Map((await editorsRepo(context).list({ fresh: true })).map((e) => [e.id, e.name]));
    const named = (entry: WaitlistEntry): WaitlistEntry => ({
      ...entry,
      editorName: names.get(entry.editorId) ?? entry.editorName,
    });
    if (format === 'csv') return csvExport(editorId === null ? [] : (await repo.all(editorId)).map(named));
    const query = pageQueryOf(url);
    const page = editorId === null ? { items: [], nextCursor: null, total: 0 } : await repo.page(query, editorId);
    return privateJson({ ...page, items: page.items.map((entry) => toWaitlistItem(named(entry))) });
  },
  DELETE: async (req, context) => {
    const caller = await requireAdmin(req, context);
    const { editor: editorId, email } = parse(waitlistEntrySchema, Object.fromEntries(new URL(req.url).searchParams));
    if (!isEditorId(editorId)) throw noEntry();
    const repo = waitlistRepo(context);
    const entry = await repo.get(editorId, email);
    if (!entry) throw noEntry();
    await audited(
      context,
      caller,
      {
        action: 'waitlist-removed',
        subject: { kind: 'waitlist', id: `${editorId}/${email}` },
        before: entry,
        after: null,
      },
      async () => {
        // Removed meanwhile (another admin, another tab): refused, so its entry goes.
        if (!(await repo.remove(editorId, email))) throw noEntry();
      },
    );
    return new Response(null, { status: 204 });
  },
});

export const config: Config = { path: '/api/admin/waitlist' };
