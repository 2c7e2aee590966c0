import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import handler from '../../netlify/functions/admin-outbox';
import { DEFAULT_MAIL_FROM, sendMail } from '../../netlify/server/core/mail';
import { TIME_KEY_PATTERN, type OutboxItem } from '../../src/lib/admin-lists.schema';
import { asAdmin, itRefusesAllButAdmins } from '../helpers/admin-access';
import { useAtomicBlobsServer } from '../helpers/atomic-blobs-server';
import { call, clearStore } from '../helpers/functions';
import { closedPort } from '../helpers/smtp';

const get = async (query = '', headers?: Record<string, string>) =>
  call(handler, `/api/admin/outbox${query}`, { headers: headers ?? (await asAdmin()) });
const send = async (subject: string, extra: object = {}) => {
  await sendMail({
    kind: 'order',
    to: 'pat@example.com',
    subject,
    text: `About ${subject}\nSecond line`,
    html: `<p>${subject}</p>`,
    ...extra,
  });
  await new Promise((r) => setTimeout(r, 5)); // distinct milliseconds
};

beforeEach(async () => {
  vi.stubEnv('SMTP_URL', '');
  vi.stubEnv('MAIL_FROM', '');
  // The mails and the keys that find them: emptying one alone would leave keys naming no mail.
  await Promise.all([clearStore('outbox'), clearStore('indexes')]);
});
afterEach(() => vi.unstubAllEnvs());

describe('GET /api/admin/outbox', () => {
  itRefusesAllButAdmins((headers) => get('', headers));

  it('lists the e-mails newest first: who to, subject, why, when, and the text body (no HTML)', async () => {
    await send('first', { to: ['pat@example.com', 'sam@example.com'], replyTo: 'hello@example.com' });
    await send('second');
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const items = res.body.items as OutboxItem[];
    expect(items.map((m) => m.subject)).toEqual(['second', 'first']);
    expect(items[1]).toEqual({
      id: expect.stringMatching(TIME_KEY_PATTERN),
      kind: 'order',
      from: DEFAULT_MAIL_FROM,
      to: ['pat@example.com', 'sam@example.com'],
      replyTo: 'hello@example.com',
      subject: 'first',
      text: 'About first\nSecond line',
      queuedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      reason: 'no-smtp',
      error: null,
      sentAt: null,
      gaveUpAt: null,
    });
    expect(items[0]).toMatchObject({ to: ['pat@example.com'], replyTo: null });
    expect(res.body).toMatchObject({ nextCursor: null, total: 2 });
  });

  it('says why SMTP refused an e-mail', async () => {
    vi.stubEnv('SMTP_URL', `smtp://127.0.0.1:${await closedPort()}`);
    await send('refused');
    const [item] = (await get()).body.items as OutboxItem[];
    expect(item).toMatchObject({ subject: 'refused', reason: 'smtp-failed', error: expect.any(String) });
    expect(item.error).not.toBe('');
  });

  it('pages by cursor', async () => {
    for (const subject of ['a', 'b', 'c']) await send(subject);
    const first = await get('?limit=2');
    expect(first.body.items.map((m: OutboxItem) => m.subject)).toEqual(['c', 'b']);
    const second = await get(`?limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(second.body.items.map((m: OutboxItem) => m.subject)).toEqual(['a']);
    // Counted only where one page held it all: counting more would read the outbox's history.
    expect([first.body.total, second.body]).toMatchObject([null, { nextCursor: null, total: null }]);
    expect((await get()).body).toMatchObject({ nextCursor: null, total: 3 });
  });

  it.each([
    ['?kind=spam', 'kind is not a kind of mail'],
    ['?to=', 'to must not be empty'],
    [`?to=${'a'.repeat(255)}`, 'to is too long'],
  ])('answers %s with 400 naming the filter', async (query, error) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
  });

  it('answers 400 naming the parameter for a bad limit', async () => {
    const res = await get('?limit=999');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'limit must be at most 200' });
  });
});

describe('GET /api/admin/outbox, filtered', () => {
  // A store of its own: the run's other mails, and their keys, are not this test's.
  const blobs = useAtomicBlobsServer();
  beforeEach(() => blobs.reset());

  it('filters by recipient (any case) and by kind, each alone or both, newest first and paged', async () => {
    await send('order to pat');
    await send('consult to pat', { kind: 'consult', to: ['sam@example.com', 'Pat@Example.com'] });
    await send('consult to sam', { kind: 'consult', to: 'sam@example.com' });
    await send('owner notice', { kind: 'owner', to: 'hello@example.com' });
    const subjects = async (query: string) => (await get(query)).body.items.map((m: OutboxItem) => m.subject);
    expect(await subjects('?to=PAT@example.com')).toEqual(['consult to pat', 'order to pat']);
    expect(await subjects('?kind=consult')).toEqual(['consult to sam', 'consult to pat']);
    expect(await subjects('?kind=consult&to=pat@example.com')).toEqual(['consult to pat']);
    expect(await subjects('?kind=newsletter')).toEqual([]);
    expect(await subjects('?to=nobody@example.com')).toEqual([]);
    const first = await get('?to=pat@example.com&limit=1');
    expect(first.body).toMatchObject({ total: null, items: [{ subject: 'consult to pat', kind: 'consult' }] });
    expect((await get('?to=pat@example.com')).body).toMatchObject({ total: 2, nextCursor: null });
    const second = await get(`?to=pat@example.com&limit=1&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(second.body).toMatchObject({ nextCursor: null, items: [{ subject: 'order to pat' }] });
  });
});
