/**
 * GET /api/database/emails (admin): the newsletter subscribers. Without parameters the unpaged shape,
 * `[{ id, enabled }]`; with `?limit=&cursor=` one page `{ items, nextCursor, total }`; with
 * `?format=csv` a spreadsheet export. PATCH { id, enabled }: deactivate an address, or reactivate one
 * an admin deactivated (409 for one that left or never confirmed). POST { id }: mail such an address
 * the link to confirm (409 if active, 429 past the address's hourly limit); it stays as it is until
 * its owner confirms.
 */
import type { Config } from '@netlify/functions';
import { z } from '#lib/zod';
import { optInTexts } from '#features/contact/opt-in';
import { subscriberConfirmationSchema, subscriberStatusSchema, type EmailSubscriber } from '#lib/schemas';
import { audited } from '#server/core/audit-log';
import { requireAdmin } from '#server/core/auth';
import { toCsv } from '#server/core/csv';
import { HttpError, json, parse, readBody, route, pageQueryOf } from '#server/core/http';
import { wantsPage } from '#server/storage/paging';
import { sendConfirmation, spendConfirmation } from '#features/contact/server/opt-in';
import { subscriberStatus, subscribersRepo, type Subscriber } from '#features/contact/server/subscribers.repo';

const PRIVATE = { 'Cache-Control': 'private, no-store' };

const formatSchema = z.enum(['json', 'csv'], { message: 'format must be json or csv' }).default('json');

const toItem = (s: Subscriber): EmailSubscriber => ({
  id: s.email,
  enabled: s.enabled,
  status: subscriberStatus(s),
  subscribedAt: s.subscribedAt,
});

function csvExport(subscribers: Subscriber[], now = new Date()) {
  const rows = subscribers.map((s) => [s.email, s.enabled ? 'Active' : 'Inactive', s.subscribedAt]);
  const filename = `subscribers-${now.toISOString().slice(0, 10)}.csv`;
  return new Response(toCsv([['email', 'status', 'subscribed at'], ...rows]), {
    headers: {
      ...PRIVATE,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
    },
  });
}

export default route({
  GET: async (req, context) => {
    await requireAdmin(req, context);
    const url = new URL(req.url);
    const repo = subscribersRepo(context);
    const format = parse(formatSchema, url.searchParams.get('format') ?? undefined);
    if (format === 'csv') return csvExport(await repo.list());
    if (wantsPage(url)) {
      const page = await repo.page(pageQueryOf(url));
      return json({ ...page, items: page.items.map(toItem) }, { headers: PRIVATE });
    }
    const all = await repo.list();
    return json(
      all.map(({ email, enabled }) => ({ id: email, enabled })),
      { headers: PRIVATE },
    );
  },
  PATCH: async (req, context) => {
    const caller = await requireAdmin(req, context);
    const { id, enabled } = await readBody(req, subscriberStatusSchema);
    const repo = subscribersRepo(context);
    const before = await repo.get(id);
    const change = {
      action: enabled ? 'subscriber-enabled' : 'subscriber-disabled',
      subject: { kind: 'subscriber', id },
      before: before && { enabled: before.enabled },
      after: before && { enabled },
    } as const;
    const record = await audited(context, caller, change, () => repo.setEnabled(id, enabled));
    if (!record) throw noSubscriber();
    return json(toItem(record), { headers: PRIVATE });
  },
  POST: async (req, context) => {
    const caller = await requireAdmin(req, context);
    const { id } = await readBody(req, subscriberConfirmationSchema);
    const subscriber = await subscribersRepo(context).get(id);
    if (!subscriber) throw noSubscriber();
    if (subscriber.enabled) throw new HttpError(409, optInTexts.alreadyActive);
    const status = subscriberStatus(subscriber);
    const change = {
      action: 'subscriber-confirmation-sent',
      subject: { kind: 'subscriber', id },
      before: { status },
      after: { status, confirmationMail: 'sent' },
    } as const;
    await audited(context, caller, change, async () => {
      await spendConfirmation(id, context);
      await sendConfirmation({ list: 'newsletter', email: id }, '', context);
    });
    return json(toItem(subscriber), { headers: PRIVATE });
  },
});

const noSubscriber = () => new HttpError(404, 'No subscriber with this address');

export const config: Config = { path: '/api/database/emails' };
