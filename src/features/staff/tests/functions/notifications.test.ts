/**
 * Each admin's own notifications: chosen through /api/admin/notifications (audited, their own only),
 * sent once to those who chose the kind as single mails, and to those who chose the digest once a day
 * with the New York day before's, grouped by kind; no one else, and no one taken off the team.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import handler from '#functions/admin-notifications';
import digestHandler from '#functions/notice-digest';
import { NOTIFICATION_KINDS, notificationLabel } from '#lib/notifications';
import { tellOwner, type OwnerNotice } from '#server/core/attention';
import { auditPage } from '#server/core/audit-log';
import { notifyAdmins, sendDigests, notificationChoices } from '#server/core/notifications';
import { staffRepo } from '#server/core/staff';
import { asAdmin, testTokens } from '#tests/admin-access';
import { bearer, createUser } from '#tests/auth-emulator';
import { mailsTo } from '#tests/consults';
import { call, clearStore } from '#tests/functions';
import { resetOrderingStores, selection } from '#tests/orders';
import { paidOrder } from '#tests/projects';

const OWNER = 'boss@example.test';
const OTHER_OWNER = 'second.admin@example.test';
const choose = async (headers: Record<string, string>, json: unknown) =>
  call(handler, '/api/admin/notifications', { method: 'PUT', json, headers });
const notices = async (to: string) => (await mailsTo(to)).filter((mail) => mail.kind === 'owner');

beforeEach(async () => {
  await Promise.all([resetOrderingStores(), clearStore('notify-prefs'), clearStore('notices'), clearStore('staff')]);
  await Promise.all([clearStore('attention'), clearStore('audit'), clearStore('audit-subjects')]);
});

describe('/api/admin/notifications', () => {
  it('answers nothing chosen until the admin chooses, saves their choice in order, and audits it', async () => {
    expect((await call(handler, '/api/admin/notifications', { headers: await asAdmin() })).body).toEqual({
      kinds: [],
      digest: false,
    });
    const saved = await choose(await asAdmin(), { kinds: ['review', 'order-paid', 'review'], digest: true });
    expect(saved).toMatchObject({ status: 200, body: { kinds: ['order-paid', 'review'], digest: true } });
    expect((await call(handler, '/api/admin/notifications', { headers: await asAdmin() })).body).toEqual({
      kinds: ['order-paid', 'review'],
      digest: true,
    });
    const [entry] = (await auditPage({ limit: 5 }, {})).items;
    expect(entry).toMatchObject({
      action: 'notifications-chosen',
      subject: { kind: 'staff', id: OWNER },
      before: { kinds: 'none', digest: false },
      after: { kinds: 'order-paid, review', digest: true },
    });
  });

  it('refuses what is no choice, and anyone but an admin; staff choose their own', async () => {
    for (const json of [{ kinds: ['everything'], digest: false }, { kinds: [] }, { kinds: 'review', digest: true }])
      expect((await choose(await asAdmin(), json)).status, JSON.stringify(json)).toBe(400);
    const { user } = await testTokens();
    expect((await choose(bearer(user), { kinds: [], digest: false })).status).toBe(403);
    const staff = await createUser();
    await staffRepo().invite(staff.email, 'staff', OWNER, new Date());
    expect((await choose(bearer(staff.idToken), { kinds: ['round-late'], digest: false })).status).toBe(200);
    expect(await notificationChoices().get(staff.email)).toEqual({ kinds: ['round-late'], digest: false });
    expect(await notificationChoices().get(OWNER)).toEqual({ kinds: [], digest: false });
  });
});

describe('single mails', () => {
  it('a paid order is mailed to each admin who chose it, and to no admin who chose something else', async () => {
    await choose(await asAdmin(), { kinds: ['order-paid'], digest: false });
    await notificationChoices().set(OTHER_OWNER, { kinds: ['round-late'], digest: false }, new Date());
    const { user } = await testTokens();
    const { orderId } = await paidOrder(user, selection({ services: [{ id: 'supplement-small', quantity: 1 }] }));
    const [mail, ...more] = await notices(OWNER);
    expect(more).toEqual([]);
    expect(mail.subject).toMatch(new RegExp(`^New paid order ${orderId}: \\$`));
    expect(mail.text).toContain(`Order ${orderId} was paid`);
    expect(await notices(OTHER_OWNER)).toEqual([]);
  });

  it('a notice to the owner reaches the business and those who chose its kind, once however often it is told; not one taken off the team', async () => {
    const staff = await createUser();
    await staffRepo().invite(staff.email, 'staff', OWNER, new Date());
    const removed = await createUser();
    await staffRepo().invite(removed.email, 'staff', OWNER, new Date());
    for (const email of [staff.email, removed.email])
      await notificationChoices().set(email, { kinds: ['review'], digest: false }, new Date());
    await staffRepo().change(removed.email, null, OWNER, new Date());
    const notice: OwnerNotice = {
      id: 'review-held-BCC-NOTIFY-1',
      at: new Date('2026-12-03T15:00:00Z'),
      kind: 'review-held',
      orderId: 'BCC-NOTIFY',
      subject: 'A review is held for you to read',
      lines: ['A review of Maya Chen is held: it holds a phone number.'],
    };
    await tellOwner(notice);
    await tellOwner(notice);
    expect((await notices(staff.email)).map((mail) => mail.subject)).toEqual([notice.subject]);
    expect(await notices(removed.email)).toEqual([]);
    expect(await notices(OWNER)).toEqual([]);
  });
});

describe('the daily digest', () => {
  /** Dec 3 in New York runs from 05:00 UTC that day to 05:00 the next. */
  const DAY = { inside: new Date('2026-12-04T04:30:00Z'), before: new Date('2026-12-03T04:30:00Z') };
  const MORNING_AFTER = new Date('2026-12-04T12:00:00Z');

  async function happened(id: string, at: Date, kind: (typeof NOTIFICATION_KINDS)[number], line: string) {
    await notifyAdmins({ id, at, kind, subject: `Subject of ${id}`, lines: [line], line });
  }

  it('mails each reader once, the morning after, what happened that New York day of the kinds they chose, grouped; no single mails', async () => {
    await choose(await asAdmin(), { kinds: ['order-paid', 'round-late'], digest: true });
    await notificationChoices().set(OTHER_OWNER, { kinds: ['closure'], digest: true }, new Date());
    await happened(
      'order-paid-BCC-D1',
      new Date('2026-12-03T14:00:00Z'),
      'order-paid',
      'BCC-D1: $250.00, with Maya Chen',
    );
    await happened('order-paid-BCC-D2', DAY.inside, 'order-paid', 'BCC-D2: $120.00, with Ethan Park');
    await happened('order-paid-BCC-D0', DAY.before, 'order-paid', 'BCC-D0: the day before');
    await tellOwner({
      id: 'round-late-BCC-D1-1-r1',
      at: new Date('2026-12-03T20:00:00Z'),
      kind: 'round-late',
      orderId: 'BCC-D1',
      subject: 'A round is late',
      lines: ['The round of BCC-D1-1 is late.'],
    });
    await happened('review-BCC-D3', new Date('2026-12-03T16:00:00Z'), 'review', 'Not chosen by anyone');
    expect(await notices(OWNER)).toEqual([]);

    expect(await sendDigests(MORNING_AFTER)).toEqual({ sent: 1 });
    expect(await sendDigests(new Date(MORNING_AFTER.getTime() + 3_600_000))).toEqual({ sent: 1 });
    const [digest, ...more] = await notices(OWNER);
    expect(more).toEqual([]);
    expect(digest.subject).toContain('What happened on Dec 3, 2026');
    expect(digest.text).toContain(
      `${notificationLabel['order-paid']} (2):\n- BCC-D1: $250.00, with Maya Chen\n- BCC-D2: $120.00, with Ethan Park`,
    );
    expect(digest.text).toContain(`${notificationLabel['round-late']} (1):\n- The round of BCC-D1-1 is late.`);
    expect(digest.text).not.toMatch(/the day before|Not chosen/);
    expect(await notices(OTHER_OWNER)).toEqual([]);
  });

  it('runs as the scheduled function, with nothing to send when nobody chose the digest', async () => {
    const res = await call(digestHandler, '/.netlify/functions/notice-digest', {
      method: 'POST',
      json: { next_run: '2026-12-04T13:00:00Z' },
    });
    expect(res).toMatchObject({ status: 200, body: { sent: 0 } });
  });
});
