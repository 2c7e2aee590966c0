import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import handler from '#functions/admin-search';
import exportsHandler from '#functions/admin-exports';
import monthsHandler from '#functions/admin-reports';
import { inquiriesRepo } from '#features/contact/server/inquiries.repo';
import { sendMail } from '#server/core/mail';
import { search } from '../../server/search';
import { subscribersRepo } from '#features/contact/server/subscribers.repo';
import { waitlistRepo } from '#features/waitlist/server/waitlist.repo';
import { inquirySchema } from '#lib/schemas';
import { SEARCH_KINDS, searchMessages, type SearchAnswer, type SearchKind } from '../../search';
import { asAdmin, itRefusesAllButAdmins } from '#tests/admin-access';
import { validInquiry } from '#tests/api-fixtures';
import { useAtomicBlobsServer } from '#tests/atomic-blobs-server';
import { call, clearStore } from '#tests/functions';
import { storeBooking, storePaidOrder, storeProject } from '#tests/reports';

const get = async (q: string | null, headers?: Record<string, string>) =>
  call(handler, `/api/admin/search${q === null ? '' : `?q=${encodeURIComponent(q)}`}`, {
    headers: headers ?? (await asAdmin()),
  });

/** The ids found per kind, only the kinds with matches. */
function found(answer: SearchAnswer): Partial<Record<SearchKind, string[]>> {
  return Object.fromEntries(
    answer.groups.filter((g) => g.hits.length > 0).map((g) => [g.kind, g.hits.map((h) => h.id)]),
  );
}

/** The Okafor family in every list, and the Lindqvist family beside them in some. */
let okafor: { orderId: string; projectId: string; inquiryKey: string; bookingId: string; mailKey: string };
let lindqvistOrder: string;

beforeAll(async () => {
  vi.stubEnv('SMTP_URL', '');
  await Promise.all(
    ['orders', 'projects', 'inquiries', 'consults', 'subscribers', 'waitlist', 'outbox'].map(clearStore),
  );
  const family = {
    parentName: 'Ngozi Okafor',
    parentEmail: 'ngozi.okafor@example.com',
    studentName: 'Chidi Okafor',
    studentEmail: 'chidi@example.com',
  };
  const order = await storePaidOrder('2026-10-05T15:00:00.000Z', 30000, family);
  const project = await storeProject(order);
  const lindqvist = await storePaidOrder('2026-10-06T15:00:00.000Z', 20000, {
    parentName: 'Astrid Lindqvist',
    parentEmail: 'astrid@example.org',
    studentName: 'Erik Lindqvist',
    studentEmail: 'erik@example.org',
  });
  lindqvistOrder = lindqvist.id;
  const { key: inquiryKey } = await inquiriesRepo().add(
    await inquirySchema.parseAsync({
      ...validInquiry,
      parentName: 'Ngozi Okafor',
      email: 'ngozi.okafor@example.com',
      studentInfo: 'Chidi, 11th grade',
    }),
  );
  const booking = await storeBooking('2026-10-01T14:00:00.000Z', {
    name: 'Ngozi Okafor',
    email: 'ngozi.okafor@example.com',
  });
  await subscribersRepo().subscribe('ngozi.okafor@example.com');
  await subscribersRepo().subscribe('astrid@example.org');
  await waitlistRepo().join({ email: 'ngozi.okafor@example.com', editorId: 'maya-chen', editorName: 'Maya Chen' });
  const sent = await sendMail({
    kind: 'order',
    to: 'ngozi.okafor@example.com',
    subject: `Your order ${order.id} is confirmed`,
    text: 'Thank you.',
  });
  if (sent.via !== 'outbox') throw new Error('Expected the outbox');
  okafor = { orderId: order.id, projectId: project.id, inquiryKey, bookingId: booking.id, mailKey: sent.key };
});
afterEach(() => vi.restoreAllMocks());

describe('GET /api/admin/search', () => {
  itRefusesAllButAdmins((headers) => get('okafor', headers));

  it('finds a family by e-mail in all seven lists, with where to open each', async () => {
    const res = await get('NGOZI.okafor@example.com');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body.groups.map((g: { kind: string }) => g.kind)).toEqual([...SEARCH_KINDS]);
    expect(found(res.body)).toEqual({
      orders: [okafor.orderId],
      projects: [okafor.projectId],
      inquiries: [okafor.inquiryKey],
      consults: [okafor.bookingId],
      subscribers: ['ngozi.okafor@example.com'],
      waitlist: ['maya-chen/ngozi.okafor@example.com'],
      outbox: [okafor.mailKey],
    });
    const hits = Object.fromEntries(res.body.groups.map((g: SearchAnswer['groups'][number]) => [g.kind, g.hits[0]]));
    expect(hits.orders).toMatchObject({ title: `${okafor.orderId} · Ngozi Okafor`, anchor: `order-${okafor.orderId}` });
    expect(hits.orders.detail).toContain('$300');
    expect(hits.orders.detail).toContain('placed 2026-10-05');
    expect(hits.projects).toMatchObject({ anchor: `project-${okafor.projectId}` });
    expect(hits.projects.detail).toContain('with Maya Chen');
    expect(hits.waitlist).toMatchObject({
      anchor: 'waitlist-maya-chen',
      detail: expect.stringContaining('Waiting for Maya Chen'),
    });
    expect(hits.outbox).toMatchObject({
      title: `Your order ${okafor.orderId} is confirmed`,
      anchor: `mail-${okafor.mailKey}`,
    });
    expect(hits.subscribers.anchor).toBeNull();
  });

  it('finds by a name, any part of it, in any case', async () => {
    const { body } = await get('  okaFOR ');
    expect(body.q).toBe('okaFOR');
    // Subscribers, the waitlist and the outbox hold only addresses: the name is found in them as part of the address.
    expect(Object.keys(found(body)).sort()).toEqual([...SEARCH_KINDS].sort());
    expect(found((await get('Chidi Okafor')).body)).toEqual({ orders: [okafor.orderId], projects: [okafor.projectId] });
    expect(found((await get('Lindqvist')).body)).toEqual({ orders: [lindqvistOrder] });
  });

  it('finds by an order id: the order, its projects and the e-mails naming it', async () => {
    expect(found((await get(okafor.orderId.toLowerCase())).body)).toEqual({
      orders: [okafor.orderId],
      projects: [okafor.projectId],
      outbox: [okafor.mailKey],
    });
  });

  it('finds by a project id', async () => {
    expect(found((await get(okafor.projectId)).body)).toEqual({ projects: [okafor.projectId] });
  });

  it('finds an e-mail by its recipient only where only the outbox has it', async () => {
    const sent = await sendMail({
      kind: 'owner',
      to: ['team@example.net', 'zed.quill@example.net'],
      subject: 'Weekly digest',
      text: 'Hello',
    });
    expect(found((await get('zed.quill@')).body)).toEqual({ outbox: [sent.via === 'outbox' ? sent.key : ''] });
  });

  it('answers a query a key could not hold (two dots) as any other that matches nothing', async () => {
    const { status, body } = await get('..');
    expect(status).toBe(200);
    for (const group of body.groups) expect(group).toMatchObject({ kind: group.kind, hits: [], matches: 0 });
  });

  it('answers every list, empty, when nothing matches', async () => {
    const { status, body } = await get('nobody-by-this-name');
    expect(status).toBe(200);
    expect(body.groups).toHaveLength(SEARCH_KINDS.length);
    for (const group of body.groups) expect(group).toMatchObject({ hits: [], matches: 0 });
  });

  it.each([
    ['no q', null, 'q is required'],
    ['an empty q', '', searchMessages.tooShort],
    ['a q of spaces', '     ', searchMessages.tooShort],
    ['one character', 'o', searchMessages.tooShort],
    ['101 characters', 'x'.repeat(101), searchMessages.tooLong],
  ])('answers %s with 400 naming q', async (_, q, error) => {
    const res = await get(q);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
  });
});

describe('search limits', () => {
  beforeEach(() => clearStore('subscribers'));

  it('shows at most the hits asked for and counts every match', async () => {
    for (const n of [1, 2, 3, 4, 5]) await subscribersRepo().subscribe(`reader${n}@example.com`);
    const answer = await search('reader', undefined, { perKind: 2 });
    const subscribers = answer.groups.find((g) => g.kind === 'subscribers')!;
    expect(subscribers.hits.map((h) => h.id)).toEqual(['reader1@example.com', 'reader2@example.com']);
    expect(subscribers).toMatchObject({ matches: 5 });
    expect(subscribers).not.toHaveProperty('unsearched');
  });
});

describe('search as history grows', () => {
  const blobs = useAtomicBlobsServer();
  beforeEach(() => blobs.reset());

  it('reads a bounded part of a list for a name many families share, says more may match, and finds one family by another word', async () => {
    const rare = await storePaidOrder('2024-01-05T15:00:00.000Z', 30000, { parentName: 'Jordan Fairweather' });
    for (let n = 0; n < 8; n++)
      await storePaidOrder(`2026-0${n + 1}-05T15:00:00.000Z`, 10000, { parentName: `Jordan Smith${n}` });
    await search('warm-up');
    blobs.takeRequests();
    // At most 5 keys of each word listed and 3 orders read: 'jordan' has 9.
    const common = await search('jordan', undefined, { perKind: 2, keys: 5, records: 3 });
    const orders = common.groups.find((g) => g.kind === 'orders')!;
    expect(orders).toMatchObject({ more: true });
    expect(orders.hits).toHaveLength(2);
    expect(orders.matches).toBeLessThanOrEqual(3);
    const orderReads = blobs.takeRequests().filter((r) => r.store.endsWith('orders') && /^BCC-/.test(r.key));
    // Three, read once for the orders and the projects found through them; the projects say more may match too.
    expect(orderReads.length).toBeLessThanOrEqual(3);
    expect(common.groups.find((g) => g.kind === 'projects')).toMatchObject({ more: true });
    // A word of one family's name narrows it to them: every key of 'fairweather' was listed.
    const one = (await search('jordan fairweather', undefined, { perKind: 2, keys: 5, records: 3 })).groups.find(
      (g) => g.kind === 'orders',
    )!;
    expect(one).toMatchObject({ hits: [{ id: rare.id }], matches: 1 });
    expect(one).not.toHaveProperty('more');
  });

  it('finds an order and its project older than anything a capped scan would read', async () => {
    const old = await storePaidOrder('2024-01-05T15:00:00.000Z', 30000, { parentName: 'Wilhelmina Quarrington' });
    await storeProject(old);
    for (let n = 0; n < 6; n++) await storeProject(await storePaidOrder(`2026-0${n + 1}-05T15:00:00.000Z`, 10000));
    const answer = await search('quarrington');
    const group = (kind: string, of = answer) => of.groups.find((g) => g.kind === kind)!;
    expect(group('orders')).toMatchObject({ hits: [{ id: old.id }], matches: 1 });
    expect(group('projects')).toMatchObject({ hits: [{ id: `${old.id}-1` }], matches: 1 });
    // By the start of a word.
    expect(group('orders', await search('wilhelmina quarr')).hits).toEqual(group('orders').hits);
  });

  it('finds the oldest inquiry, consult, subscriber, waiting family and mail, reading only the records with its words', async () => {
    vi.stubEnv('SMTP_URL', '');
    const who = { name: 'Ottoline Brackenbury', email: 'ottoline.brackenbury@example.com' };
    const inquiry = (name: string, email: string, at: string) =>
      inquirySchema
        .parseAsync({ ...validInquiry, parentName: name, email })
        .then((i) => inquiriesRepo().add(i, new Date(at)));
    const oldInquiry = await inquiry(who.name, who.email, '2023-02-01T12:00:00.000Z');
    const oldBooking = await storeBooking('2023-02-02T12:00:00.000Z', who);
    await subscribersRepo().subscribe(who.email, new Date('2023-02-03T12:00:00.000Z'));
    await waitlistRepo().join(
      { email: who.email, editorId: 'maya-chen', editorName: 'Maya Chen' },
      new Date('2023-02-04T12:00:00.000Z'),
    );
    const oldMail = await sendMail(
      { kind: 'consult', to: who.email, subject: 'Your consult', text: 'Hi' },
      undefined,
      new Date('2023-02-05T12:00:00.000Z'),
    );
    for (let n = 0; n < 12; n++) {
      const other = { name: `Parent Number${n}`, email: `parent${n}@example.com` };
      const at = `2026-0${1 + (n % 9)}-1${n % 10}T12:00:00.000Z`;
      await inquiry(other.name, other.email, at);
      await storeBooking(at, other);
      await subscribersRepo().subscribe(other.email);
      await waitlistRepo().join({ email: other.email, editorId: 'maya-chen', editorName: 'Maya Chen' });
      await sendMail({ kind: 'order', to: other.email, subject: 'Your order', text: 'Hi' });
    }
    await search('warm-up'); // builds nothing: every record was written with its keys
    blobs.takeRequests();
    const answer = await search('brackenbury');
    expect(found(answer)).toEqual({
      inquiries: [oldInquiry.key],
      consults: [oldBooking.id],
      subscribers: [who.email],
      waitlist: [`maya-chen/${who.email}`],
      outbox: [oldMail.via === 'outbox' ? oldMail.key : ''],
    });
    // One listing of its word in each list and the one record it names: none of the 12 others is read.
    const reads = blobs.takeRequests().filter(({ store }) => !store.endsWith('indexes'));
    expect(reads.map(({ key }) => key).join(' ')).not.toMatch(/parent\d|Number/i);
    expect(reads.length).toBeLessThanOrEqual(4 + 5);
  });
});

describe('in a storage outage', () => {
  const blobs = useAtomicBlobsServer();
  const reportsCall = async (path: string, run: typeof handler, params?: Record<string, string>) =>
    call(run, path, { headers: await asAdmin(), params });

  beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => {}));
  beforeAll(async () => {
    await storePaidOrder('2026-10-05T15:00:00.000Z', 30000, { parentName: 'Ngozi Okafor' });
    await subscribersRepo().subscribe('ngozi.okafor@example.com');
  });
  afterEach(() => blobs.setFaults(null));

  it.each([
    ['the search', () => reportsCall('/api/admin/search?q=okafor', handler)],
    ['the month report', () => reportsCall('/api/admin/reports/months?from=2026-10&to=2026-10', monthsHandler)],
    [
      'an export',
      () =>
        reportsCall('/api/admin/exports/orders.csv?from=2026-10-01&to=2026-10-31', exportsHandler, {
          file: 'orders.csv',
        }),
    ],
  ])('%s answers 503 with { error }, never a part of the lists as if it were all', async (_, attempt) => {
    for (const at of [1, 2, 3, 4]) {
      blobs.setFaults({ fault: 503, at, only: true, reads: true });
      const failed = await attempt();
      blobs.setFaults(null);
      const whole = await attempt();
      expect(whole.status).toBe(200);
      // A read that fails once is tried again; one that keeps failing is the request's 503.
      expect([200, 503]).toContain(failed.status);
      if (failed.status === 200) expect(failed.body).toEqual(whole.body);
    }
    blobs.setFaults({ fault: 503, at: 2, reads: true });
    const res = await attempt();
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: expect.any(String) });
  });
});
