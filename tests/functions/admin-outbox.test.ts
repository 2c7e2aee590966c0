import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import auditHandler from '../../netlify/functions/admin-audit';
import handler from '../../netlify/functions/admin-outbox';
import { auditPage } from '#server/core/audit-log';
import {
  DEFAULT_MAIL_FROM,
  MAIL_LOST_AFTER_MS,
  MAIL_RETRY_DELAYS_MS,
  retryMail,
  sendMail,
} from '../../netlify/server/core/mail';
import { TIME_KEY_PATTERN, type OutboxItem } from '../../src/lib/admin-lists.schema';
import { asAdmin, itRefusesAllButAdmins } from '../helpers/admin-access';
import { useAtomicBlobsServer } from '../helpers/atomic-blobs-server';
import { call, clearStore } from '../helpers/functions';
import { closedPort, startSmtpServer } from '../helpers/smtp';

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
      result: 'kept',
      error: null,
      sentAt: null,
      gaveUpAt: null,
      resendable: false,
    });
    expect(items[0]).toMatchObject({ to: ['pat@example.com'], replyTo: null });
    expect(res.body).toMatchObject({ nextCursor: null, total: 2 });
  });

  it('says why SMTP refused an e-mail', async () => {
    vi.stubEnv('SMTP_URL', `smtp://127.0.0.1:${await closedPort()}`);
    await send('refused');
    const [item] = (await get()).body.items as OutboxItem[];
    expect(item).toMatchObject({
      subject: 'refused',
      result: 'retrying',
      error: expect.any(String),
      resendable: false,
    });
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

describe('POST /api/admin/outbox: send an e-mail again', () => {
  const blobs = useAtomicBlobsServer();
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let refuse = false;
  beforeEach(async () => {
    blobs.reset();
    refuse = false;
    smtp = await startSmtpServer({ onConnect: () => (refuse ? new Error('Mailbox unavailable') : undefined) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(async () => {
    blobs.setFaults(null);
    vi.restoreAllMocks();
    await smtp.stop();
  });
  const post = async (body: unknown, headers?: Record<string, string>) =>
    call(handler, '/api/admin/outbox', { method: 'POST', json: body, headers: headers ?? (await asAdmin()) });
  /** A mail the mail server refused on every attempt: kept, given up. */
  async function givenUp(subject = 'Your order BCC-7KQ2MX is confirmed') {
    vi.stubEnv('SMTP_URL', `smtp://127.0.0.1:${await closedPort()}`);
    const { key } = (await sendMail({ kind: 'order', to: 'pat@example.com', subject, text: 'Paid.' })) as {
      key: string;
    };
    expect(await retryMail(key, MAIL_RETRY_DELAYS_MS.length)).toBe('gave-up');
    vi.stubEnv('SMTP_URL', smtp.url);
    return key;
  }

  itRefusesAllButAdmins((headers) => post({ id: '2026-12-04T10:00:00.000Z-0123abcd' }, headers));

  it('sends one refused for good, marks it sent, and records who did it and to which mail', async () => {
    const id = await givenUp();
    const listed = ((await get()).body.items as OutboxItem[])[0];
    expect(listed).toMatchObject({ id, result: 'failed', resendable: true, error: expect.any(String) });
    const res = await post({ id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      result: 'sent',
      sentAt: expect.any(String),
      gaveUpAt: null,
      resendable: false,
    });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ to: ['pat@example.com'] });
    expect(smtp.received[0].message).toContain(`Message-ID: <${id}@beaconcollegecounsel.com>`);
    const [entry] = (await auditPage({ limit: 5 }, { subject: id })).items;
    expect(entry).toMatchObject({
      action: 'mail-resent',
      subject: { kind: 'mail', id },
      before: { result: 'failed' },
      after: { result: 'sent' },
      confirmed: true,
    });
    const audit = await call(auditHandler, '/api/admin/audit', { headers: await asAdmin() });
    expect(audit.body.items[0]).toMatchObject({
      action: 'mail-resent',
      subjectName: "E-mail 'Your order BCC-7KQ2MX is confirmed' to pat@example.com",
    });
    // Sent, it is not sent again.
    expect(await post({ id })).toMatchObject({
      status: 409,
      body: {
        error: 'Only an e-mail the mail server refused for good, or one whose result is not known, is sent again.',
      },
    });
    expect(smtp.received).toHaveLength(1);
  });

  it('two admins at once send it once', async () => {
    const id = await givenUp();
    const answers = await Promise.all([post({ id }), post({ id })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(smtp.received).toHaveLength(1);
  });

  it('refused again: 503 saying what the mail server said, and it stays there to send again', async () => {
    const id = await givenUp();
    refuse = true;
    const res = await post({ id });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      error: expect.stringMatching(/^The mail server refused it again: .*Mailbox unavailable/),
    });
    expect(((await get()).body.items as OutboxItem[])[0]).toMatchObject({ id, result: 'failed', resendable: true });
    refuse = false;
    expect((await post({ id })).status).toBe(200);
  });

  it('sends one whose result was never recorded, once a send would have ended', async () => {
    vi.stubEnv('SMTP_URL', smtp.url);
    const at = new Date(Date.now() - MAIL_LOST_AFTER_MS - 1000);
    blobs.setFaults({ fault: 503, at: 2 });
    await sendMail(
      { kind: 'project', to: 'pat@example.com', subject: 'Feedback is back', text: 'Read it.' },
      undefined,
      at,
    );
    blobs.setFaults(null);
    const [lost] = (await get()).body.items as OutboxItem[];
    expect(lost).toMatchObject({ result: 'unknown', resendable: true });
    expect((await post({ id: lost.id })).status).toBe(200);
    expect(smtp.received).toHaveLength(2);
  });

  it('refuses one still to be tried by the timers, one with no mail server, and an unknown or malformed id', async () => {
    vi.stubEnv('SMTP_URL', `smtp://127.0.0.1:${await closedPort()}`);
    await sendMail({ kind: 'order', to: 'pat@example.com', subject: 'Refused once', text: '.' });
    const [retrying] = (await get()).body.items as OutboxItem[];
    expect(retrying).toMatchObject({ result: 'retrying', resendable: false });
    expect((await post({ id: retrying.id })).status).toBe(409);
    const id = await givenUp();
    vi.stubEnv('SMTP_URL', '');
    expect(((await get()).body.items as OutboxItem[])[0]).toMatchObject({ id, resendable: false });
    expect(await post({ id })).toMatchObject({
      status: 409,
      body: { error: 'No mail server is configured, so nothing can be sent.' },
    });
    expect(await post({ id: '2026-12-04T10:00:00.000Z-0123abcd' })).toMatchObject({
      status: 404,
      body: { error: 'No such e-mail in the outbox.' },
    });
    for (const bad of ['../../etc', '2026-12-04T10:00:00.000Z-a/b', 7])
      expect(await post({ id: bad })).toMatchObject({
        status: 400,
        body: { error: expect.stringMatching(/^id (is not an e-mail of the outbox|must be text)/) },
      });
    expect(smtp.received).toEqual([]);
  });
});
