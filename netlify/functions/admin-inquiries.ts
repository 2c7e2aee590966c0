/**
 * /api/admin/inquiries (admin): GET one page of inquiries, newest first (`?limit=&cursor=`, and
 * `?status=all|open|handled`); PATCH { id, handled } marks one handled or open again; POST { id,
 * action } adds a note, mails a reply to the inquiry's own address and keeps it, or names the admin
 * who looks after it.
 */
import type { Config, Context } from '@netlify/functions';
import {
  inquiryFilterSchema,
  inquiryHandledSchema,
  inquiryWorkSchema,
  type InquiryItem,
} from '#lib/admin-lists.schema';
import { workOn } from '#features/contact/server/inquiry-work';
import { ANY_EDITOR } from '#lib/contact';
import { audited } from '#server/core/audit-log';
import { requireAdmin } from '#server/core/auth';
import { editorsRepo } from '#features/editors/server/editors.repo';
import { HttpError, parse, privateJson, readBody, route, pageQueryOf } from '#server/core/http';
import { inquiriesRepo, type InquiryRecord } from '#features/contact/server/inquiries.repo';

/** The current names of the editors these inquiries prefer ('any' has none; a deleted editor neither). */
async function editorNames(records: InquiryRecord[], context: Context): Promise<Map<string, string>> {
  const ids = [...new Set(records.map((r) => r.preferredEditor))].filter((id) => id !== ANY_EDITOR.value);
  const editors = await Promise.all(ids.map((id) => editorsRepo(context).get(id)));
  return new Map(editors.flatMap((e) => (e ? [[e.id, e.name] as const] : [])));
}

const toItem = (
  id: string,
  { owners: _history, owner = null, work = [], ...record }: InquiryRecord,
  names: Map<string, string>,
): InquiryItem => ({
  ...record,
  id,
  handled: record.handled ?? false,
  handledAt: record.handledAt ?? null,
  preferredEditorName: names.get(record.preferredEditor) ?? null,
  owner,
  work,
});

export default route({
  GET: async (req, context) => {
    await requireAdmin(req, context);
    const url = new URL(req.url);
    const status = parse(inquiryFilterSchema, url.searchParams.get('status') ?? undefined);
    const page = await inquiriesRepo(context).page(pageQueryOf(url), status);
    const names = await editorNames(
      page.items.map((e) => e.value),
      context,
    );
    return privateJson({ ...page, items: page.items.map(({ key, value }) => toItem(key, value, names)) });
  },
  PATCH: async (req, context) => {
    const caller = await requireAdmin(req, context);
    const { id, handled } = await readBody(req, inquiryHandledSchema);
    const repo = inquiriesRepo(context);
    const before = await repo.get(id);
    const change = {
      action: handled ? 'inquiry-handled' : 'inquiry-reopened',
      subject: { kind: 'inquiry', id },
      before: before && { handled: before.handled ?? false },
      after: before && { handled },
    } as const;
    const record = await audited(context, caller, change, () => repo.setHandled(id, handled));
    if (!record) throw new HttpError(404, 'No inquiry with this id');
    return privateJson(toItem(id, record, await editorNames([record], context)));
  },
  POST: async (req, context) => {
    const caller = await requireAdmin(req, context);
    const work = await readBody(req, inquiryWorkSchema);
    const record = await workOn(work, caller, context);
    return privateJson(toItem(work.id, record, await editorNames([record], context)));
  },
});

export const config: Config = { path: '/api/admin/inquiries' };
