import { beforeEach, describe, expect, it } from 'vitest';
import subscribeHandler from '#functions/subscribe';
import confirmHandler from '#functions/confirm';
import { subscribersRepo } from '../../server/subscribers.repo';
import { escapeHtml, listOutbox } from '#server/core/mail';
import { signUnsubscribeToken } from '../../server/unsubscribe-token';
import { LOCAL_LINK_SECRET } from '#server/core/signed-links';
import { RATE_LIMITS } from '#lib/limits';
import { optInTexts } from '../../opt-in';
import { SUBSCRIBED_PATH, formAnswerTexts } from '#lib/form-answers';
import { messages } from '#lib/messages';
import { call, clearStore, postForm } from '#tests/functions';

const PATH = '/api/database/subscribe';
const post = (body: BodyInit, headers: HeadersInit = { 'content-type': 'application/json' }) =>
  call(subscribeHandler, PATH, { method: 'POST', body, headers });

const mailsTo = async (email: string) =>
  (await listOutbox(undefined, 200)).map((m) => m.value).filter((m) => m.to === email);
const confirmLinkIn = (text: string) => new URL(/http\S+\/confirm\?token=\S+/.exec(text)![0]);

beforeEach(() => Promise.all(['subscribers', 'outbox', 'limits'].map(clearStore)));

describe('POST /api/database/subscribe', () => {
  it('stores a trimmed, lower-cased address as waiting for its confirmation: no newsletter yet', async () => {
    const res = await call(subscribeHandler, PATH, { method: 'POST', json: { email: '  Jane@Example.COM ' } });
    expect(res.status).toBe(200);
    const stored = await subscribersRepo().get('jane@example.com');
    expect(stored).toMatchObject({ email: 'jane@example.com', enabled: false, pending: true });
    expect(Date.parse(stored!.subscribedAt)).not.toBeNaN();
    const [mail] = await mailsTo('jane@example.com');
    expect(mail.subject).toBe(optInTexts.newsletter.mailSubject);
    expect(confirmLinkIn(mail.text)).toBeTruthy();
  });

  it('treats the same address twice as success and stores it once', async () => {
    const first = await call(subscribeHandler, PATH, { method: 'POST', json: { email: 'twice@example.com' } });
    const before = await subscribersRepo().get('twice@example.com');
    const second = await call(subscribeHandler, PATH, { method: 'POST', json: { email: 'TWICE@example.com' } });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await subscribersRepo().get('twice@example.com')).toEqual(before);
  });

  it('is active only once the address opens the mailed link and confirms; a second confirmation changes nothing', async () => {
    await call(subscribeHandler, PATH, { method: 'POST', json: { email: 'sam@example.com' } });
    const link = confirmLinkIn((await mailsTo('sam@example.com'))[0].text);
    // Opening the link (as a mail scanner would) only asks.
    const page = await call(confirmHandler, `${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(optInTexts.newsletter.askTitle);
    expect(await subscribersRepo().get('sam@example.com')).toMatchObject({ enabled: false, pending: true });
    const token = link.searchParams.get('token')!;
    const done = await postForm(confirmHandler, '/confirm', { token });
    expect(done.status).toBe(200);
    expect(done.body).toContain(optInTexts.newsletter.doneTitle);
    const active = await subscribersRepo().get('sam@example.com');
    expect(active).toMatchObject({ email: 'sam@example.com', enabled: true });
    expect(active?.pending).toBeUndefined();
    expect((await postForm(confirmHandler, '/confirm', { token })).status).toBe(200);
    expect(await subscribersRepo().get('sam@example.com')).toEqual(active);
  });

  it('never re-enables an address that unsubscribed: a sign-up by anyone only mails it the link', async () => {
    await subscribersRepo().subscribe('gone@example.com', new Date('2025-01-01T00:00:00Z'));
    await subscribersRepo().unsubscribe('gone@example.com', new Date('2025-06-01T00:00:00Z'));
    const left = await subscribersRepo().get('gone@example.com');
    const res = await call(subscribeHandler, PATH, { method: 'POST', json: { email: 'gone@example.com' } });
    expect(res.status).toBe(200);
    expect(await subscribersRepo().get('gone@example.com')).toEqual(left);
    const [mail] = await mailsTo('gone@example.com');
    const token = confirmLinkIn(mail.text).searchParams.get('token')!;
    await postForm(confirmHandler, '/confirm', { token });
    expect(await subscribersRepo().get('gone@example.com')).toMatchObject({
      enabled: true,
      subscribedAt: '2025-01-01T00:00:00.000Z',
    });
  });

  it(`mails one address at most ${RATE_LIMITS.confirmMail.limit} links an hour, then answers 429`, async () => {
    for (let i = 0; i < RATE_LIMITS.confirmMail.limit; i++)
      expect((await call(subscribeHandler, PATH, { method: 'POST', json: { email: 'many@example.com' } })).status).toBe(
        200,
      );
    const refused = await call(subscribeHandler, PATH, { method: 'POST', json: { email: 'many@example.com' } });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: expect.any(String) });
    expect(await mailsTo('many@example.com')).toHaveLength(RATE_LIMITS.confirmMail.limit);
  });

  it.each([
    ['a forged token', 'x.y.z'],
    ['an unsubscribe token', signUnsubscribeToken('sam@example.com', LOCAL_LINK_SECRET)],
  ])('refuses %s with a page and changes nothing', async (_, token) => {
    const res = await postForm(confirmHandler, '/confirm', { token });
    expect(res.status).toBe(400);
    expect(res.body).toContain(optInTexts.badLinkTitle);
    expect(await subscribersRepo().get('sam@example.com')).toBeNull();
  });

  it.each([
    ['a missing address', {}],
    ['a non-string address', { email: ['a@b.co'] }],
    ['a malformed address', { email: 'not-an-email' }],
    ['markup for an address (an older, looser rule stored it as Active)', { email: '<script>@x.y' }],
    ['an address with an emoji', { email: 'pat😀@example.com' }],
    ['an address with a double dot', { email: 'pat..rivera@example.com' }],
    ['an empty address', { email: '   ' }],
    ['an address over 254 characters', { email: `${'a'.repeat(250)}@b.co` }],
    ['a body that is not an object', ['a@b.co']],
    ['null', null],
  ])('answers 400 { error } for %s and stores nothing', async (_, body) => {
    const res = await post(JSON.stringify(body));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.any(String) });
    const { getStore } = await import('@netlify/blobs');
    expect((await getStore({ name: 'subscribers', consistency: 'strong' }).list()).blobs).toEqual([]);
  });

  it('answers 400 for a body that is not JSON, empty or invalid UTF-8', async () => {
    for (const body of ['email=a@b.co', '', new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])]) {
      const res = await post(body as BodyInit);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/JSON/);
    }
  });

  it('answers 400 for a body over 16 KB, even with a valid address inside', async () => {
    const res = await post(JSON.stringify({ email: 'big@example.com', pad: 'x'.repeat(17 * 1024) }));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/at most/);
    expect(await subscribersRepo().get('big@example.com')).toBeNull();
  });

  it.each(['GET', 'PUT', 'DELETE'])('answers 405 to %s', async (method) => {
    const res = await call(subscribeHandler, PATH, { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});

describe('POST /api/database/subscribe: the footer form posted before its script runs', () => {
  const postEmail = (email: string, headers?: Record<string, string | null>) =>
    postForm(subscribeHandler, PATH, { email }, headers);
  const stored = async () => {
    const { getStore } = await import('@netlify/blobs');
    return (await getStore({ name: 'subscribers', consistency: 'strong' }).list()).blobs.map((b) => b.key);
  };

  it('stores the address as the JSON path does and sends the visitor to the confirmation page', async () => {
    const res = await postEmail('  Form@Example.COM ');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(SUBSCRIBED_PATH);
    expect(await subscribersRepo().get('form@example.com')).toMatchObject({ email: 'form@example.com', pending: true });
    expect(await mailsTo('form@example.com')).toHaveLength(1);
  });

  it('takes the browser’s word from either header: Origin alone, or Sec-Fetch-Site alone', async () => {
    expect((await postEmail('origin@example.com', { 'sec-fetch-site': null })).status).toBe(303);
    expect((await postEmail('fetch-site@example.com', { origin: null })).status).toBe(303);
    expect(await stored()).toHaveLength(2);
  });

  it.each([
    ['another site’s Origin', { origin: 'https://evil.example', 'sec-fetch-site': null }],
    ['a null Origin', { origin: 'null', 'sec-fetch-site': null }],
    ['a cross-site fetch', { origin: null, 'sec-fetch-site': 'cross-site' }],
    ['a same-site but other-origin fetch', { 'sec-fetch-site': 'same-site' }],
    ['headers that disagree', { origin: 'https://evil.example' }],
  ])('refuses a form from %s with 403 { error } and stores nothing', async (_, headers) => {
    const res = await postEmail('victim@example.com', headers);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: expect.any(String) });
    expect(await stored()).toEqual([]);
  });

  it.each([
    ['', messages.emailRequired],
    ['not-an-email', messages.emailInvalid],
    ['<b>x</b>@example', messages.emailInvalid],
    ['<script>@x.y', messages.emailInvalid],
  ])(
    'answers %j with a page that says %s, shows what was typed and the way back; stores nothing',
    async (typed, message) => {
      const res = await postEmail(typed);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(res.body).toContain(formAnswerTexts.notSubscribed);
      expect(res.body).toContain(escapeHtml(message));
      expect(res.body).not.toContain('<b>x</b>');
      if (typed) expect(res.body).toContain(escapeHtml(typed));
      expect(res.body).toContain(`href="/pricing">${formAnswerTexts.backToPage}`);
      expect(await stored()).toEqual([]);
    },
  );

  it('leads home when the page it came from is not ours', async () => {
    const res = await postEmail('bad', { referer: 'https://elsewhere.example/' });
    expect(res.body).toContain(`href="/">${formAnswerTexts.home}`);
  });

  it('keeps the JSON answers for API callers: urlencoded without a browser’s headers is refused as before', async () => {
    const res = await postEmail('api@example.com', { origin: null, 'sec-fetch-site': null, referer: null });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/JSON/);
  });

  it('answers 400 { error } for a form body over 16 KB', async () => {
    const res = await postForm(subscribeHandler, PATH, { email: 'big@example.com', pad: 'x'.repeat(17 * 1024) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.stringMatching(/at most/) });
  });
});
