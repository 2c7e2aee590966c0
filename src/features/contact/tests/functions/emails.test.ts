import { beforeEach, describe, expect, it } from 'vitest';
import emailsHandler from '#functions/emails';
import subscribeHandler from '#functions/subscribe';
import { subscribersRepo } from '../../server/subscribers.repo';
import { auditPage } from '#server/core/audit-log';
import { listOutbox } from '#server/core/mail';
import { RATE_LIMITS } from '#lib/limits';
import { optInTexts } from '../../opt-in';
import { asAdmin, itRefusesAllButAdmins } from '#tests/admin-access';
import { call, clearStore } from '#tests/functions';

const get = async (query = '', headers?: Record<string, string>) =>
  call(emailsHandler, `/api/database/emails${query}`, { headers: headers ?? (await asAdmin()) });
const patch = async (body: unknown, headers?: Record<string, string>) =>
  call(emailsHandler, '/api/database/emails', { method: 'PATCH', json: body, headers: headers ?? (await asAdmin()) });

async function subscribe(...emails: string[]) {
  for (const [i, email] of emails.entries())
    await subscribersRepo().subscribe(email, new Date(Date.UTC(2025, 0, 1 + i)));
}

/** The audit log, newest first. */
const listAudit = async () => (await auditPage({ limit: 100 }, {})).items;

beforeEach(() => Promise.all([clearStore('subscribers'), clearStore('audit')]));

describe('GET /api/database/emails', () => {
  itRefusesAllButAdmins((headers) => get('', headers));
  itRefusesAllButAdmins((headers) => get('?format=csv', headers));
  itRefusesAllButAdmins((headers) => get('?limit=10', headers));

  it('answers the unpaged shape, [{ id, enabled }], private to the admin', async () => {
    await subscribe('b@example.com', 'a@example.com');
    await subscribersRepo().setEnabled('b@example.com', false);
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: 'a@example.com', enabled: true },
      { id: 'b@example.com', enabled: false },
    ]);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('answers an empty list when nobody subscribed', async () => {
    expect((await get()).body).toEqual([]);
  });

  it('answers one page with the total when asked for a page', async () => {
    await subscribe('c@example.com', 'a@example.com', 'b@example.com');
    const first = await get('?limit=2');
    expect(first.body).toEqual({
      items: [
        { id: 'a@example.com', enabled: true, status: 'active', subscribedAt: '2025-01-02T00:00:00.000Z' },
        { id: 'b@example.com', enabled: true, status: 'active', subscribedAt: '2025-01-03T00:00:00.000Z' },
      ],
      nextCursor: expect.any(String),
      total: 3,
    });
    const second = await get(`?limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(second.body).toEqual({
      items: [{ id: 'c@example.com', enabled: true, status: 'active', subscribedAt: '2025-01-01T00:00:00.000Z' }],
      nextCursor: null,
      total: 3,
    });
  });

  it('pages addresses that need encoding in a key', async () => {
    await subscribe('o/brien+news@example.com', 'z%z@example.com');
    const first = await get('?limit=1');
    const second = await get(`?limit=1&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect([...first.body.items, ...second.body.items].map((s: { id: string }) => s.id).sort()).toEqual([
      'o/brien+news@example.com',
      'z%z@example.com',
    ]);
  });

  it.each([
    ['?limit=0', /^limit must be at least 1/],
    ['?limit=500', /^limit must be at most 200/],
    ['?limit=abc', /^limit must be a number/],
    ['?format=xml', /format must be json or csv/],
  ])('answers 400 naming the parameter for %s', async (query, message) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
  });

  it('exports a CSV of email, status and subscribed at, safe to open in a spreadsheet', async () => {
    await subscribe('a@example.com', '=cmd@example.com', 'q"uote@example.com');
    await subscribersRepo().setEnabled('a@example.com', false);
    const res = await get('?format=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body).toBe(
      [
        '"email","status","subscribed at"',
        `"'=cmd@example.com","Active","2025-01-02T00:00:00.000Z"`,
        '"a@example.com","Inactive","2025-01-01T00:00:00.000Z"',
        '"q""uote@example.com","Active","2025-01-03T00:00:00.000Z"',
        '',
      ].join('\r\n'),
    );
  });
});

describe('PATCH /api/database/emails { id, enabled }', () => {
  itRefusesAllButAdmins((headers) => patch({ id: 'a@example.com', enabled: false }, headers));

  it('deactivates and reactivates an address, keeping when it subscribed', async () => {
    await subscribe('a@example.com');
    const off = await patch({ id: 'A@Example.com ', enabled: false });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({
      id: 'a@example.com',
      enabled: false,
      status: 'inactive',
      subscribedAt: '2025-01-01T00:00:00.000Z',
    });
    expect((await get()).body).toEqual([{ id: 'a@example.com', enabled: false }]);
    const on = await patch({ id: 'a@example.com', enabled: true });
    expect(on.body.enabled).toBe(true);
    expect(await subscribersRepo().get('a@example.com')).toEqual({
      email: 'a@example.com',
      enabled: true,
      subscribedAt: '2025-01-01T00:00:00.000Z',
    });
  });

  it('a deactivated address that signs up again stays inactive: only its owner’s confirmation changes it', async () => {
    await subscribe('a@example.com');
    await patch({ id: 'a@example.com', enabled: false });
    await call(subscribeHandler, '/api/database/subscribe', { method: 'POST', json: { email: 'a@example.com' } });
    expect((await get()).body).toEqual([{ id: 'a@example.com', enabled: false }]);
  });

  it.each([
    ['unsubscribed', () => subscribersRepo().unsubscribe('a@example.com')],
    ['pending', () => subscribersRepo().signUp('p@example.com')],
  ])('never reactivates an address that is %s: 409, unchanged, nothing logged', async (status, arrange) => {
    await subscribe('a@example.com');
    await arrange();
    const id = status === 'pending' ? 'p@example.com' : 'a@example.com';
    const before = await subscribersRepo().get(id);
    const entries = (await listAudit()).length;
    const res = await patch({ id, enabled: true });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: optInTexts.notReactivatable });
    expect(await subscribersRepo().get(id)).toEqual(before);
    expect(await listAudit()).toHaveLength(entries);
  });
  it('answers 404 for an address that never subscribed, and creates nothing', async () => {
    const res = await patch({ id: 'nobody@example.com', enabled: true });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'No subscriber with this address' });
    expect((await get()).body).toEqual([]);
  });

  it('deactivates an address an older, looser rule let in: it is named as stored', async () => {
    await subscribe('<script>@x.y');
    const off = await patch({ id: '<script>@x.y', enabled: false });
    expect(off.status).toBe(200);
    expect((await get()).body).toEqual([{ id: '<script>@x.y', enabled: false }]);
  });

  it.each([
    ['a missing enabled flag', { id: 'a@example.com' }, /^enabled must be true or false/],
    ['enabled as text', { id: 'a@example.com', enabled: 'false' }, /^enabled must be true or false/],
    ['an empty address', { id: '  ', enabled: true }, /^id is required$/],
    [
      'an address over 254 characters',
      { id: `${'a'.repeat(250)}@b.co`, enabled: true },
      /^id must be at most 254 characters$/,
    ],
  ])('answers 400 naming the field for %s', async (_, body, message) => {
    const res = await patch(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
  });
});

describe('POST /api/database/emails { id }: the admin mails the confirmation link', () => {
  const send = async (body: unknown, headers?: Record<string, string>) =>
    call(emailsHandler, '/api/database/emails', { method: 'POST', json: body, headers: headers ?? (await asAdmin()) });
  const mailsTo = async (email: string) =>
    (await listOutbox(undefined, 200)).map((m) => m.value).filter((m) => m.to === email);

  beforeEach(() => Promise.all([clearStore('outbox'), clearStore('limits')]));
  itRefusesAllButAdmins((headers) => send({ id: 'a@example.com' }, headers));

  it('mails an address that unsubscribed the link, audited, and leaves it inactive until its owner confirms', async () => {
    await subscribe('a@example.com');
    await subscribersRepo().unsubscribe('a@example.com');
    const before = await subscribersRepo().get('a@example.com');
    const res = await send({ id: 'a@example.com' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 'a@example.com', enabled: false, status: 'unsubscribed' });
    expect(await subscribersRepo().get('a@example.com')).toEqual(before);
    const [mail] = await mailsTo('a@example.com');
    expect(mail.subject).toBe(optInTexts.newsletter.mailSubject);
    expect(mail.text).toMatch(/\/confirm\?token=/);
    expect((await listAudit())[0]).toMatchObject({
      action: 'subscriber-confirmation-sent',
      subject: { kind: 'subscriber', id: 'a@example.com' },
    });
  });

  it('answers 409 for an active address, 404 for an unknown one, 429 past the hourly limit; mails nothing then', async () => {
    await subscribe('a@example.com');
    expect(await send({ id: 'a@example.com' })).toMatchObject({
      status: 409,
      body: { error: optInTexts.alreadyActive },
    });
    expect((await send({ id: 'nobody@example.com' })).status).toBe(404);
    await subscribersRepo().signUp('p@example.com');
    for (let i = 0; i < RATE_LIMITS.confirmMail.limit; i++)
      expect((await send({ id: 'p@example.com' })).status).toBe(200);
    expect((await send({ id: 'p@example.com' })).status).toBe(429);
    expect(await mailsTo('a@example.com')).toEqual([]);
    expect(await mailsTo('p@example.com')).toHaveLength(RATE_LIMITS.confirmMail.limit);
  });
});
