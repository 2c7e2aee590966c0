/**
 * The Today tab's counts and months, through the real flows where a family, an editor or a visitor
 * makes the thing (an inquiry, an application, a draft, a declined card, a request for help), and
 * through the stores where only time or a provider's failure would (a checkout run out, a refund
 * failed, a review held). Each count is shown rising and falling back as the thing is dealt with.
 */
import { describe, expect, it } from 'vitest';
import adminProjects from '#functions/admin-projects';
import adminToday from '#functions/admin-today';
import testCheckout from '#functions/test-checkout';
import { applicationsRepo } from '#features/applications/server/applications.repo';
import { inquiriesRepo } from '#features/contact/server/inquiries.repo';
import { ordersRepo } from '#features/orders/server/orders.repo';
import { projectsRepo } from '#features/projects/server/projects.repo';
import { ACK_REMINDER_MS } from '#features/projects/process';
import { attentionRepo, tellOwner } from '#server/core/attention';
import { localDate } from '#features/consults/consult-format';
import { DAY_MS, HOUR_MS } from '#lib/time';
import { testTokens } from '#tests/admin-access';
import { openOrder, validApplication, validInquiry } from '#tests/api-fixtures';
import { bearer } from '#tests/auth-emulator';
import { call, context } from '#tests/functions';
import { selection } from '#tests/orders';
import { act, paidOrder, submitText, useDeliveryParties } from '#tests/projects';
import { ABANDONED_DAYS, type TodayReport } from '../../today';
import { addMonths, BUSINESS_TIME_ZONE, lastDayOf, sameDaysLastMonth } from '../../reports';
import { todayReport } from '../../server/today';

const parties = useDeliveryParties(['attention', 'inquiries', 'applications', 'indexes']);
const counts = async (at = new Date()) => (await todayReport(context(), at)).counts;
const stored = async (id: string) => (await projectsRepo().get(id))!;
const supplement = selection({ services: [{ id: 'supplement-small', quantity: 1 }] });

describe('Today', () => {
  it('answers admins only', async () => {
    const { admin } = await testTokens();
    expect((await call(adminToday, '/api/admin/today')).status).toBe(401);
    expect((await call(adminToday, '/api/admin/today', { headers: bearer(parties.customer.idToken) })).status).toBe(
      403,
    );
    const answer = await call(adminToday, '/api/admin/today', { headers: bearer(admin) });
    expect(answer.status).toBe(200);
    expect(Object.values((answer.body as TodayReport).counts).every((n) => n === 0)).toBe(true);
  });

  it('counts new inquiries and applications until someone handles them', async () => {
    const inquiries = inquiriesRepo();
    const [first] = await Promise.all([inquiries.add(validInquiry), inquiries.add(validInquiry)]);
    const applications = applicationsRepo();
    const [application] = await Promise.all([
      applications.add(validApplication()),
      applications.add(validApplication()),
    ]);
    expect(await counts()).toMatchObject({ inquiries: 2, applications: 2 });
    await inquiries.setHandled(first.key, true);
    await applications.move(application.key, 'interviewing', { by: 'boss@example.test' });
    expect(await counts()).toMatchObject({ inquiries: 1, applications: 1 });
  });

  it('counts a draft not acknowledged in time, a late round and a request for help', async () => {
    const {
      projectIds: [id],
    } = await paidOrder(parties.customer.idToken, supplement);
    const submitted = (await submitText(parties.customer.idToken, await stored(id))).body;
    const at = Date.parse(submitted.rounds[0].submittedAt);
    expect(await counts(new Date(at + ACK_REMINDER_MS - 1))).toMatchObject({ unacknowledged: 0, late: 0 });
    expect(await counts(new Date(at + ACK_REMINDER_MS))).toMatchObject({ unacknowledged: 1, late: 0 });
    // Standard turnaround is five days: on the sixth the round is late, and still not acknowledged.
    expect(await counts(new Date(at + 6 * DAY_MS))).toMatchObject({ unacknowledged: 1, late: 1 });
    const acknowledged = await act(parties.editorToken, id, 'acknowledge', {
      version: submitted.version,
      message: 'Got it!',
    });
    expect(acknowledged.status, JSON.stringify(acknowledged.body)).toBe(200);
    expect(await counts(new Date(at + 6 * DAY_MS))).toMatchObject({ unacknowledged: 0, late: 1 });

    const returned = await act(parties.editorToken, id, 'return', {
      version: acknowledged.body.version,
      notes: 'Fix commas.',
    });
    expect(await counts(new Date(at + 6 * DAY_MS))).toMatchObject({ late: 0, help: 0 });
    const asked = await act(parties.customer.idToken, id, 'ask-for-help', {
      version: returned.body.version,
      reason: 'The notes talk about grammar, but the prompt asks about a challenge and that got no feedback.',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(await counts()).toMatchObject({ help: 1 });
  });

  it("the draft's link lists the drafts not acknowledged in time, and nothing else", async () => {
    const { admin } = await testTokens();
    const list = async (query: string) =>
      call(adminProjects, `/api/admin/projects${query}`, { headers: bearer(admin) });
    const {
      projectIds: [id, other],
    } = await paidOrder(parties.customer.idToken, selection({ services: [{ id: 'supplement-small', quantity: 2 }] }));
    await submitText(parties.customer.idToken, await stored(id));
    await submitText(parties.customer.idToken, await stored(other));
    expect((await list('?unacknowledged=true')).body).toMatchObject({ items: [], total: 0 });
    // The first draft came in 21 hours ago.
    const repo = projectsRepo();
    const found = (await repo.getForUpdate(id))!;
    const earlier = new Date(Date.now() - ACK_REMINDER_MS - HOUR_MS).toISOString();
    const rounds = found.value.rounds.map((round) => ({ ...round, submittedAt: earlier }));
    await repo.replace(found.value, { ...found.value, rounds }, found.etag);
    const listed = await list('?unacknowledged=true');
    expect(listed.body.items.map((p: { id: string }) => p.id)).toEqual([id]);
    expect((await counts()).unacknowledged).toBe(1);
    expect((await list('?unacknowledged=maybe')).status).toBe(400);
  });

  it('counts a declined card, a checkout abandoned this week, and an order whose refund failed', async () => {
    const declined = await openOrder(parties.customer.idToken, supplement);
    const paid = await call(testCheckout, `/api/stripe/test-checkout/${declined.orderId}`, {
      method: 'POST',
      params: { orderId: declined.orderId },
      json: { sessionId: declined.id, cardNumber: '4000 0000 0000 0002' },
      headers: bearer(parties.customer.idToken),
    });
    expect(paid.status).toBe(402);

    const abandoned = await openOrder(parties.customer.idToken, supplement);
    const orders = ordersRepo();
    await orders.change(abandoned.orderId, (order) => ({ ...order, status: 'expired' }));
    const { orderId } = await paidOrder(parties.customer.idToken, supplement);
    const now = new Date().toISOString();
    await orders.change(orderId, (order) => ({
      ...order,
      refunds: [
        {
          id: 'admin-today-1',
          amountCents: 1000,
          reason: 'Goodwill',
          by: 'admin',
          actor: 'Our team',
          projectIds: [],
          state: 'failed',
          providerId: null,
          failure: 'Your card was declined.',
          createdAt: now,
          updatedAt: now,
        },
      ],
    }));
    expect(await counts()).toMatchObject({ declined: 1, abandoned: 1, failedRefunds: 1 });
    // A week on, the abandoned checkout is history; the declined order and the failed refund still wait.
    expect(await counts(new Date(Date.now() + ABANDONED_DAYS * DAY_MS + HOUR_MS))).toMatchObject({
      declined: 1,
      abandoned: 0,
      failedRefunds: 1,
    });
  });

  it('counts reviews held for our team and notices nobody marked seen', async () => {
    const {
      projectIds: [id],
    } = await paidOrder(parties.customer.idToken, supplement);
    const repo = projectsRepo();
    const held = { at: new Date().toISOString(), reasons: ['contact' as const] };
    const before = (await repo.getForUpdate(id))!;
    const holding = await repo.replace(
      before.value,
      { ...before.value, reviews: { ...before.value.reviews, held } },
      before.etag,
    );
    await tellOwner({ id: 'today-notice', at: new Date(), kind: 'family-cancel', subject: 'S', lines: ['L'] });
    expect(await counts()).toMatchObject({ heldReviews: 1, notices: 1 });
    const published = { ...holding, reviews: { ...holding.reviews, held, publishedAt: new Date().toISOString() } };
    await repo.replace(holding, published, (await repo.getForUpdate(id))!.etag);
    const notices = attentionRepo();
    await notices.markSeen((await notices.page({ limit: 1 })).items[0].id);
    expect(await counts()).toMatchObject({ heldReviews: 0, notices: 0 });
  });

  it("sets this month's money and orders beside the same days of last month", async () => {
    const { orderId } = await paidOrder(parties.customer.idToken, supplement);
    const order = (await ordersRepo().get(orderId))!;
    const now = new Date();
    const report = await todayReport(context(), now);
    expect(report.thisMonth.figures).toMatchObject({ revenueCents: order.totalCents, orders: 1, refundsCents: 0 });
    expect(report.lastMonth.figures).toMatchObject({ revenueCents: 0, orders: 0 });

    // A month on, the order is among last month's days when its day is among them.
    const paidDay = localDate(now.toISOString(), BUSINESS_TIME_ZONE);
    const nextMonth = addMonths(paidDay.slice(0, 7), 1);
    const sameDay = `${nextMonth}-${paidDay.slice(8)}`;
    const later = sameDay <= lastDayOf(nextMonth) ? sameDay : lastDayOf(nextMonth);
    const compared = sameDaysLastMonth(later);
    const counted = paidDay >= compared.from && paidDay <= compared.to;
    const next = await todayReport(context(), new Date(`${later}T17:00:00Z`));
    expect(next.lastMonth).toMatchObject(compared);
    expect(next.lastMonth.figures.revenueCents).toBe(counted ? order.totalCents : 0);
    expect(next.thisMonth.figures).toMatchObject({ revenueCents: 0, orders: 0 });
  });
});
