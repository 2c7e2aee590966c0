/**
 * The audit log: every admin action leaves one entry (who, what, on what, when, the fields that
 * changed), through the real endpoints; GET /api/admin/audit lists them newest first, pages and
 * filters by subject; and what families read never names an admin's address.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import adminAttention from '../../netlify/functions/admin-attention';
import adminAudit from '../../netlify/functions/admin-audit';
import adminConsult from '../../netlify/functions/admin-consult';
import adminAvailability from '../../netlify/functions/admin-consult-availability';
import adminInquiries from '../../netlify/functions/admin-inquiries';
import adminOrderRefunds from '../../netlify/functions/admin-order-refunds';
import adminWaitlist from '../../netlify/functions/admin-waitlist';
import consultLookup from '../../netlify/functions/consult-lookup';
import editorHandler from '../../netlify/functions/editor';
import editorsHandler from '../../netlify/functions/editors';
import emailsHandler from '../../netlify/functions/emails';
import orderHandler from '../../netlify/functions/order';
import projectHandler from '../../netlify/functions/project';
import studentAccess from '../../netlify/functions/student-access';
import { appendOnlyStore } from '../../netlify/server/storage/append-only';
import { audited, auditPage, changedFields } from '../../netlify/server/core/audit-log';
import type { Caller } from '../../netlify/server/core/auth';
import { editorChange } from '../../src/features/editors/server/editor-audit';
import { tellOwner } from '../../netlify/server/core/attention';
import { waitlistRepo } from '#features/waitlist/server/waitlist.repo';
import { cancelConsult } from '../../src/features/consults/server/consult-booking';
import { openStore } from '../../netlify/server/storage/stores';
import { inquiriesRepo } from '#features/contact/server/inquiries.repo';
import { listOutbox } from '../../netlify/server/core/mail';
import { subscribersRepo } from '#features/contact/server/subscribers.repo';
import type { AuditAction, AuditItem } from '../../src/lib/audit';
import { auditActionWords } from '../../src/features/admin/audit-words';
import { DEFAULT_AVAILABILITY } from '../../src/features/consults/consult-availability';
import { inquirySchema } from '../../src/lib/schemas';
import { site } from '../../src/lib/site';
import {
  asAdmin,
  itRefusesAllButAdmins,
  resetAdminWriteStores,
  testAdminUid,
  testTokens,
} from '../helpers/admin-access';
import { editorInput, validInquiry } from '../helpers/api-fixtures';
import { bearer, createUser, tokenOf } from '../helpers/auth-emulator';
import { arrangeBooking } from '../helpers/consults';
import { call } from '../helpers/functions';
import { selection, student } from '../helpers/orders';
import { act, paidOrder, submitText } from '../helpers/projects';

const ADMIN_EMAIL = 'boss@example.test';

const log = async (query = '', headers?: Record<string, string>) =>
  call(adminAudit, `/api/admin/audit${query}`, { headers: headers ?? (await asAdmin()) });
const entries = async (query = '?limit=200'): Promise<AuditItem[]> => (await log(query)).body.items;
const newest = async () => (await entries())[0];

const createEditor = async (input = editorInput('Audit Editor')) =>
  call(editorsHandler, '/api/database/editors', { method: 'POST', headers: await asAdmin(), json: input });
const putEditor = async (id: string, input: ReturnType<typeof editorInput>) =>
  call(editorHandler, `/api/database/editors/${id}`, {
    method: 'PUT',
    params: { id },
    headers: await asAdmin(),
    json: input,
  });

let customer: Awaited<ReturnType<typeof createUser>>;
let adminUid: string;
beforeAll(async () => {
  customer = await createUser();
  adminUid = await testAdminUid();
});
beforeEach(resetAdminWriteStores);

describe('GET /api/admin/audit', () => {
  itRefusesAllButAdmins((headers) => log('', headers));

  it('answers 400 naming the parameter for a bad limit or subject', async () => {
    expect(await log('?limit=0')).toMatchObject({ status: 400, body: { error: 'limit must be at least 1' } });
    expect(await log(`?subject=${'x'.repeat(301)}`)).toMatchObject({
      status: 400,
      body: { error: 'subject is too long' },
    });
  });

  it('lists newest first, pages by cursor, and filters by subject', async () => {
    const a = (await createEditor(editorInput('Audit One'))).body.id;
    const b = (await createEditor(editorInput('Audit Two'))).body.id;
    await putEditor(a, { ...editorInput('Audit One'), college: 'Yale University' });
    const first = await log('?limit=2');
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    expect(first.body.items.map((e: AuditItem) => [e.action, e.subject.id])).toEqual([
      ['editor-changed', a],
      ['editor-created', b],
    ]);
    // Counted only where one page held it all: counting more would read the log's history.
    expect(first.body.total).toBeNull();
    const second = await log(`?limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(second.body).toMatchObject({ nextCursor: null, total: null });
    expect((await log()).body).toMatchObject({ nextCursor: null, total: 3 });
    expect(second.body.items.map((e: AuditItem) => [e.action, e.subject.id])).toEqual([['editor-created', a]]);
    const aOnly = await log(`?subject=${a}`);
    expect(aOnly.body.items.map((e: AuditItem) => e.action)).toEqual(['editor-changed', 'editor-created']);
    expect(aOnly.body.total).toBe(2);
  });

  it('filters by action, by admin and by a day of New York time, alone or together, and refuses what it cannot', async () => {
    const by = (email: string): Caller => ({
      uid: `uid-${email}`,
      email,
      emailVerified: true,
      isAdmin: true,
      role: 'owner',
    });
    const write = (email: string, action: AuditAction, id: string, at: string) =>
      audited(
        undefined,
        by(email),
        {
          action,
          subject: { kind: 'editor', id },
          before: action === 'editor-created' ? null : { a: 1 },
          after: { a: 2 },
        },
        async () => id,
        new Date(at),
      );
    await write('ann@example.com', 'editor-changed', 'e-1', '2026-03-01T15:00:00.000Z');
    // 10 pm in New York on March 1st, already March 2nd in UTC.
    await write('bob@example.com', 'editor-changed', 'e-2', '2026-03-02T03:00:00.000Z');
    await write('ann@example.com', 'editor-created', 'e-3', '2026-03-02T15:00:00.000Z');
    const ids = async (query: string) => {
      const res = await log(query);
      expect(res.status, query).toBe(200);
      return res.body.items.map((e: AuditItem) => e.subject.id);
    };
    expect(await ids('?action=editor-changed')).toEqual(['e-2', 'e-1']);
    expect(await ids('?admin=ANN@example.com')).toEqual(['e-3', 'e-1']);
    expect(await ids('?day=2026-03-01')).toEqual(['e-2', 'e-1']);
    expect(await ids('?day=2026-03-01&admin=bob@example.com')).toEqual(['e-2']);
    expect(await ids('?action=editor-created&admin=ann@example.com&subject=e-3')).toEqual(['e-3']);
    expect(await ids('?action=editor-created&day=2026-03-01')).toEqual([]);
    expect((await log('?action=editor-changed&limit=1')).body).toMatchObject({
      total: null,
      nextCursor: expect.any(String),
    });
    expect((await log('?action=editor-changed')).body).toMatchObject({ total: 2, nextCursor: null });
    for (const [query, error] of [
      ['?action=nope', 'action is not an action of the log'],
      ['?day=2026-02-30', 'day is not a day of the calendar'],
      ['?day=yesterday', 'day must be a date like 2026-03-01'],
    ])
      expect(await log(query), query).toMatchObject({ status: 400, body: { error } });
  });
});

describe('an entry for each admin action', () => {
  it('editor created: who, when, the new editor id and its fields', async () => {
    const created = await createEditor();
    expect(created.status).toBe(201);
    const entry = await newest();
    expect(entry).toMatchObject({
      action: 'editor-created',
      label: 'Editor created',
      by: ADMIN_EMAIL,
      subject: { kind: 'editor', id: created.body.id },
      before: null,
      confirmed: true,
    });
    expect(entry.after).toMatchObject({ name: 'Audit Editor', college: editorInput().college });
    expect(Date.now() - Date.parse(entry.at)).toBeLessThan(60_000);
    // The uid is kept for the record, server side only.
    const stored = (await openStore('audit').get(entry.id, { type: 'json' })) as { by: { uid: string } };
    expect(stored.by.uid).toBe(adminUid);
  });

  it('editor changed: only the changed fields, before and after; a save changing nothing adds nothing', async () => {
    const input = editorInput('Audit Editor');
    const id = (await createEditor(input)).body.id;
    const changed = { ...input, college: 'Yale University', slotsOpen: 3, featured: { home: true, about: false } };
    expect((await putEditor(id, changed)).status).toBe(200);
    const entry = await newest();
    expect(entry).toMatchObject({ action: 'editor-changed', subject: { kind: 'editor', id } });
    expect(entry.before).toEqual({ college: input.college, slotsOpen: 2, 'featured.home': false });
    expect(entry.after).toEqual({ college: 'Yale University', slotsOpen: 3, 'featured.home': true });
    expect((await putEditor(id, changed)).status).toBe(200);
    expect(await entries()).toHaveLength(2);
  });

  it('editor saved with only its slots changed, as the admin page sends it (no account: ""): only the slots', async () => {
    const input = editorInput('Audit Editor');
    const id = (await createEditor(input)).body.id;
    expect((await putEditor(id, { ...input, slotsOpen: 4, accountEmail: '' })).status).toBe(200);
    const entry = await newest();
    expect(entry).toMatchObject({ action: 'editor-changed', before: { slotsOpen: 2 }, after: { slotsOpen: 4 } });
    expect(Object.keys(entry.before!)).toEqual(['slotsOpen']);
    expect(Object.keys(entry.after!)).toEqual(['slotsOpen']);
  });

  it('editor hidden or shown: named by the stored `hidden` field flipping, whatever else changed', () => {
    const before = { id: 'maya-chen', name: 'Maya Chen', hidden: false, updatedAt: '2026-11-01T00:00:00.000Z' };
    const hide = editorChange('maya-chen', before, { name: 'Maya Chen', hidden: true });
    expect(hide).toMatchObject({ action: 'editor-hidden', subject: { kind: 'editor', id: 'maya-chen' } });
    expect(changedFields(hide.before, hide.after)).toEqual({ before: { hidden: false }, after: { hidden: true } });
    expect(editorChange('maya-chen', { ...before, hidden: true }, { name: 'Maya C.', hidden: false }).action).toBe(
      'editor-shown',
    );
    expect(editorChange('maya-chen', before, { name: 'Maya C.', hidden: false }).action).toBe('editor-changed');
    // A record stored before the field existed counts as shown.
    expect(editorChange('maya-chen', { id: 'maya-chen' }, { hidden: true }).action).toBe('editor-hidden');
    expect(auditActionWords['editor-hidden']).toBe('Editor hidden');
    expect(auditActionWords['editor-shown']).toBe('Editor shown');
  });

  it('editor deleted: what it was; an unknown editor leaves no entry', async () => {
    const id = (await createEditor()).body.id;
    expect(
      (
        await call(editorHandler, `/api/database/editors/${id}`, {
          method: 'DELETE',
          params: { id },
          headers: await asAdmin(),
        })
      ).status,
    ).toBe(204);
    expect(await newest()).toMatchObject({
      action: 'editor-deleted',
      subject: { id },
      after: null,
      before: expect.objectContaining({ name: 'Audit Editor' }),
    });
    expect(
      (
        await call(editorHandler, `/api/database/editors/${id}`, {
          method: 'DELETE',
          params: { id },
          headers: await asAdmin(),
        })
      ).status,
    ).toBe(404);
    expect(await entries()).toHaveLength(2);
  });

  it('consult hours changed: the weekly pattern before and after', async () => {
    const availability = {
      ...DEFAULT_AVAILABILITY,
      weekly: { ...DEFAULT_AVAILABILITY.weekly, sat: [{ start: '10:00', end: '12:00' }] },
    };
    expect(
      (
        await call(adminAvailability, '/api/admin/consult-availability', {
          method: 'PUT',
          headers: await asAdmin(),
          json: availability,
        })
      ).status,
    ).toBe(200);
    const entry = await newest();
    expect(entry).toMatchObject({ action: 'availability-changed', subject: { kind: 'availability', id: 'consults' } });
    expect(entry.before).toEqual({ 'weekly.sat': '[]' });
    expect(entry.after).toEqual({ 'weekly.sat': '[{"start":"10:00","end":"12:00"}]' });
  });

  it('consult cancelled; a second cancel (409) adds nothing', async () => {
    const { id } = await arrangeBooking();
    const cancel = async () =>
      call(adminConsult, `/api/admin/consults/${id}`, { method: 'DELETE', params: { id }, headers: await asAdmin() });
    expect((await cancel()).status).toBe(200);
    expect(await newest()).toMatchObject({
      action: 'consult-cancelled',
      subject: { kind: 'consult', id },
      before: { status: 'booked' },
      after: { status: 'cancelled' },
    });
    expect((await cancel()).status).toBe(409);
    expect(await entries()).toHaveLength(1);
  });

  it('a cancel that landed but whose entry stayed unconfirmed keeps it when its retry is refused as already done', async () => {
    const { id } = await arrangeBooking();
    const by = { uid: adminUid, email: ADMIN_EMAIL };
    // The first attempt: its entry written, the cancel landed, the confirmation lost.
    await appendOnlyStore('audit').append({
      at: new Date().toISOString(),
      by,
      action: 'consult-cancelled',
      subject: { kind: 'consult', id },
      before: { status: 'booked' },
      after: { status: 'cancelled' },
      confirmed: false,
    });
    await cancelConsult(id, { by: 'admin', admin: ADMIN_EMAIL }, {});
    const retry = await call(adminConsult, `/api/admin/consults/${id}`, {
      method: 'DELETE',
      params: { id },
      headers: await asAdmin(),
    });
    expect(retry.status).toBe(409);
    expect(await entries()).toEqual([
      expect.objectContaining({ action: 'consult-cancelled', subject: { kind: 'consult', id }, confirmed: false }),
    ]);
  });

  it('refund: amount, reason and what remains; the same request again adds nothing; a refused one leaves nothing', async () => {
    const { orderId } = await paidOrder(customer.idToken);
    const requestId = crypto.randomUUID();
    const refund = async (body: Record<string, unknown>) =>
      call(adminOrderRefunds, `/api/admin/orders/${orderId}/refunds`, {
        method: 'POST',
        params: { id: orderId },
        headers: await asAdmin(),
        json: { requestId, projectIds: [], ...body },
      });
    expect((await refund({ amountCents: 1_000, reason: 'Goodwill' })).status).toBe(200);
    const entry = await newest();
    expect(entry).toMatchObject({ action: 'order-refunded', label: 'Refund', subject: { kind: 'order', id: orderId } });
    expect(entry.after).toMatchObject({ refunded: '$10.00', reason: 'Goodwill' });
    expect(entry.after).not.toHaveProperty('cancelling'); // no projects cancelled: nothing to say
    expect(entry.before!.remaining).not.toBe(entry.after!.remaining);
    expect((await refund({ amountCents: 1_000, reason: 'Goodwill' })).status).toBe(200);
    expect(await entries()).toHaveLength(1);
    const tooMuch = await call(adminOrderRefunds, `/api/admin/orders/${orderId}/refunds`, {
      method: 'POST',
      params: { id: orderId },
      headers: await asAdmin(),
      json: { requestId: crypto.randomUUID(), amountCents: 10_000_000, reason: 'Too much', projectIds: [] },
    });
    expect(tooMuch.status).toBe(400);
    expect(await entries()).toHaveLength(1);
  });

  it('project reassigned, made final and withdrawn: state and editor before and after; a stale step adds nothing', async () => {
    const {
      projectIds: [moved, finished, withdrawn],
    } = await paidOrder(customer.idToken, selection({ services: [{ id: 'supplement-small', quantity: 3 }] }));
    const admin = (await testTokens()).admin;
    expect((await act(admin, moved, 'reassign', { version: 1, editorId: 'sofia-ramirez' })).status).toBe(200);
    expect(await newest()).toMatchObject({
      action: 'project-reassigned',
      subject: { kind: 'project', id: moved },
      before: { editor: 'Maya Chen' },
      after: { editor: 'Sofia Ramirez' },
    });
    const submitted = await submitText(customer.idToken, { id: finished, version: 1 });
    expect((await act(admin, finished, 'finalize', { version: submitted.body.version })).status).toBe(200);
    expect(await newest()).toMatchObject({
      action: 'project-finalized',
      subject: { id: finished },
      before: { state: 'submitted' },
      after: { state: 'final' },
    });
    expect(
      (await act(admin, withdrawn, 'withdraw', { version: 1, reason: 'The family asked us to stop.' })).status,
    ).toBe(200);
    expect(await newest()).toMatchObject({
      action: 'project-withdrawn',
      subject: { id: withdrawn },
      before: { state: 'awaiting_draft' },
      after: { state: 'withdrawn' },
    });
    expect(
      (await act(admin, withdrawn, 'withdraw', { version: 1, reason: 'The family asked us to stop.' })).status,
    ).toBe(409);
    expect(await entries()).toHaveLength(3);
    // Steps the family or the editor take are theirs, not the admin's.
    expect((await entries()).every((e) => e.by === ADMIN_EMAIL)).toBe(true);
  });

  it("an admin who is also the student (or the customer) acts as our team: their steps are audited as the admin's", async () => {
    const admin = (await testTokens()).admin;
    const {
      orderId,
      projectIds: [asStudent],
    } = await paidOrder(customer.idToken, selection({ student: { ...student, studentEmail: ADMIN_EMAIL } }));
    const shared = await call(studentAccess, `/api/student-access/${orderId}`, {
      method: 'POST',
      params: { orderId },
      headers: bearer(customer.idToken),
    });
    expect(shared.status).toBe(200);
    const {
      projectIds: [asCustomer],
    } = await paidOrder(admin);
    for (const id of [asStudent, asCustomer]) {
      const res = await act(admin, id, 'message', { text: 'Hello from the office.' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.messages.at(-1)).toMatchObject({ author: site.name, adminEmail: ADMIN_EMAIL });
      expect(await newest()).toMatchObject({
        action: 'project-message',
        by: ADMIN_EMAIL,
        subject: { kind: 'project', id },
        after: { message: 'Hello from the office.' },
      });
    }
    expect(await entries()).toHaveLength(2);
  });

  it('subscriber deactivated and reactivated; inquiry marked handled and open', async () => {
    await subscribersRepo().subscribe('reader@example.com');
    const setEnabled = async (enabled: boolean) =>
      call(emailsHandler, '/api/database/emails', {
        method: 'PATCH',
        headers: await asAdmin(),
        json: { id: 'reader@example.com', enabled },
      });
    expect((await setEnabled(false)).status).toBe(200);
    expect(await newest()).toMatchObject({
      action: 'subscriber-disabled',
      subject: { kind: 'subscriber', id: 'reader@example.com' },
      before: { enabled: true },
      after: { enabled: false },
    });
    await setEnabled(true);
    expect(await newest()).toMatchObject({ action: 'subscriber-enabled', after: { enabled: true } });

    const { key } = await inquiriesRepo().add(await inquirySchema.parseAsync(validInquiry));
    const setHandled = async (handled: boolean) =>
      call(adminInquiries, '/api/admin/inquiries', {
        method: 'PATCH',
        headers: await asAdmin(),
        json: { id: key, handled },
      });
    await setHandled(true);
    expect(await newest()).toMatchObject({
      action: 'inquiry-handled',
      subject: { kind: 'inquiry', id: key },
      before: { handled: false },
      after: { handled: true },
    });
    await setHandled(true);
    await setHandled(false);
    expect((await entries()).map((e) => e.action)).toEqual([
      'inquiry-reopened',
      'inquiry-handled',
      'subscriber-enabled',
      'subscriber-disabled',
    ]);
  });

  it('names each subject by what it is, from its record as it is now; one gone since, or an address, by its id', async () => {
    const id = (await createEditor()).body.id;
    const { key } = await inquiriesRepo().add(await inquirySchema.parseAsync(validInquiry));
    await call(adminInquiries, '/api/admin/inquiries', {
      method: 'PATCH',
      headers: await asAdmin(),
      json: { id: key, handled: true },
    });
    await subscribersRepo().subscribe('reader@example.com');
    await call(emailsHandler, '/api/database/emails', {
      method: 'PATCH',
      headers: await asAdmin(),
      json: { id: 'reader@example.com', enabled: false },
    });
    const named = async () => (await entries()).map((e) => [e.subject.kind, e.subjectName]);
    expect(await named()).toEqual([
      ['subscriber', undefined],
      ['inquiry', `Inquiry from ${validInquiry.parentName}`],
      ['editor', 'Editor Audit Editor'],
    ]);
    await putEditor(id, editorInput('Renamed Editor'));
    expect((await entries()).filter((e) => e.subject.id === id).map((e) => e.subjectName)).toEqual([
      'Editor Renamed Editor',
      'Editor Renamed Editor',
    ]);
    await call(editorHandler, `/api/database/editors/${id}`, {
      method: 'DELETE',
      params: { id },
      headers: await asAdmin(),
    });
    expect((await entries()).filter((e) => e.subject.id === id).map((e) => e.subjectName)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('waitlist entry removed: who waited for whom; an unknown entry (404) leaves nothing', async () => {
    await waitlistRepo().join({ editorId: 'maya-chen', editorName: 'Maya Chen', email: 'wait@example.com' });
    const remove = async () =>
      call(adminWaitlist, '/api/admin/waitlist?editor=maya-chen&email=wait%40example.com', {
        method: 'DELETE',
        headers: await asAdmin(),
      });
    expect((await remove()).status).toBe(204);
    const entry = await newest();
    expect(entry).toMatchObject({
      action: 'waitlist-removed',
      label: 'Waitlist entry removed',
      by: ADMIN_EMAIL,
      subject: { kind: 'waitlist', id: 'maya-chen/wait@example.com' },
      after: null,
      confirmed: true,
    });
    expect(entry.before).toMatchObject({ editorId: 'maya-chen', email: 'wait@example.com' });
    expect((await remove()).status).toBe(404);
    expect(await entries()).toHaveLength(1);
  });

  it('notice marked seen: once; marking it again adds nothing', async () => {
    const at = new Date();
    const id = 'refund-failed-BCC-AUDIT1-re_1';
    await tellOwner({ id, at, kind: 'refund-failed', orderId: 'BCC-AUDIT1', subject: 'A refund failed', lines: ['x'] });
    const [notice] = (await call(adminAttention, '/api/admin/attention', { headers: await asAdmin() })).body.items;
    const markSeen = async () =>
      call(adminAttention, '/api/admin/attention', {
        method: 'PATCH',
        headers: await asAdmin(),
        json: { id: notice.id, seen: true },
      });
    expect((await markSeen()).status).toBe(200);
    expect(await newest()).toMatchObject({
      action: 'notice-seen',
      label: 'Notice marked seen',
      subject: { kind: 'notice', id: notice.id },
      before: { seen: false },
      after: { seen: true },
      confirmed: true,
    });
    expect((await markSeen()).status).toBe(200);
    expect(await entries()).toHaveLength(1);
  });

  it('long values are cut short, and the log reads the same through the repository', async () => {
    const input = editorInput('Audit Editor');
    const id = (await createEditor(input)).body.id;
    expect((await putEditor(id, { ...input, bio: 'b'.repeat(500) })).status).toBe(200);
    const entry = await newest();
    expect(String(entry.after!.bio)).toHaveLength(120);
    // The repository keeps no words: the API adds the action's, from the features' registered names.
    // The words and the subject's name are the page's; the entry keeps neither.
    const { label, subjectName, ...stored } = entry;
    expect(label).toBe(auditActionWords[entry.action]);
    expect(subjectName).toBe('Editor Audit Editor');
    expect((await auditPage({ limit: 1 }, id)).items[0]).toEqual(stored);
  });
});

describe('families read our team, never an admin', () => {
  it('the order, the project, the thread, the consult and every e-mail to them name the business only', async () => {
    const editorToken = await tokenOf('maya@example.test');
    const admin = (await testTokens()).admin;
    const {
      orderId,
      projectIds: [first, second],
    } = await paidOrder(customer.idToken, selection({ services: [{ id: 'supplement-small', quantity: 2 }] }));
    await act(admin, first, 'message', { text: 'Hello from the office.' });
    await act(admin, first, 'reassign', { version: 1, editorId: 'sofia-ramirez' });
    await act(admin, second, 'withdraw', { version: 1 });
    await call(adminOrderRefunds, `/api/admin/orders/${orderId}/refunds`, {
      method: 'POST',
      params: { id: orderId },
      headers: bearer(admin),
      json: { requestId: crypto.randomUUID(), amountCents: 500, reason: 'Goodwill', projectIds: [] },
    });
    const booking = await arrangeBooking('visitor@example.com');
    await call(adminConsult, `/api/admin/consults/${booking.id}`, {
      method: 'DELETE',
      params: { id: booking.id },
      headers: bearer(admin),
    });

    const familyReads = [
      await call(orderHandler, `/api/orders/${orderId}`, {
        params: { id: orderId },
        headers: bearer(customer.idToken),
      }),
      await call(projectHandler, `/api/projects/${first}`, {
        params: { id: first },
        headers: bearer(customer.idToken),
      }),
      await call(projectHandler, `/api/projects/${second}`, {
        params: { id: second },
        headers: bearer(customer.idToken),
      }),
      await call(consultLookup, '/api/consult/lookup', { method: 'POST', json: { token: booking.token } }),
    ];
    familyReads.push(
      await call(projectHandler, `/api/projects/${second}`, { params: { id: second }, headers: bearer(editorToken) }),
    );
    for (const res of familyReads) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain(ADMIN_EMAIL);
      expect(JSON.stringify(res.body)).not.toContain(adminUid);
    }
    const project = familyReads[1].body;
    expect(project.messages.at(-1)).toMatchObject({ author: site.name, text: 'Hello from the office.' });
    expect(project.history.at(-1)).toMatchObject({ actor: site.name, type: 'reassign' });

    const mails = (await listOutbox(undefined, 200))
      .map((m) => m.value)
      .filter((m) => ![m.to].flat().includes(site.email));
    expect(mails.length).toBeGreaterThanOrEqual(4);
    for (const mail of mails) {
      expect(JSON.stringify(mail), mail.subject).not.toContain(ADMIN_EMAIL);
      expect(JSON.stringify(mail), mail.subject).not.toContain(adminUid);
    }
    expect(mails.some((m) => m.text.includes(`${site.name} refunded`))).toBe(true);
    // The admin area still says who it was.
    const asTeam = await call(projectHandler, `/api/projects/${first}`, {
      params: { id: first },
      headers: bearer(admin),
    });
    expect(asTeam.body.history.at(-1)).toMatchObject({ adminEmail: ADMIN_EMAIL });
  });
});
