import { beforeEach, describe, expect, it } from 'vitest';
import confirmHandler from '#functions/confirm';
import emailsHandler from '#functions/emails';
import subscribeHandler from '#functions/subscribe';
import unsubscribeHandler from '#functions/unsubscribe';
import linkHandler from '#functions/unsubscribe-link';
import { subscribersRepo } from '../../server/subscribers.repo';
import { listOutbox } from '#server/core/mail';
import { signUnsubscribeToken, readUnsubscribeToken } from '../../server/unsubscribe-token';
import { LOCAL_LINK_SECRET } from '#server/core/signed-links';
import { UNSUBSCRIBE_LINK_DAYS, unsubscribeTexts } from '#lib/unsubscribe';
import { asAdmin } from '#tests/admin-access';
import { useAtomicBlobsServer } from '#tests/atomic-blobs-server';
import { call, clearStore, postForm } from '#tests/functions';

const DAY_MS = 24 * 60 * 60 * 1000;
const JANE = 'jane@example.com';
const tokenFor = (email: string, now = new Date()) => signUnsubscribeToken(email, LOCAL_LINK_SECRET, now);
const open = (token: string) => call(unsubscribeHandler, `/unsubscribe?token=${encodeURIComponent(token)}`);
const confirm = (token: string) => postForm(unsubscribeHandler, '/unsubscribe', { token });
const askForLink = (email: string, ip = '203.0.113.5') =>
  call(linkHandler, '/api/newsletter/unsubscribe-link', {
    method: 'POST',
    json: { email },
    headers: { 'x-nf-client-connection-ip': ip },
  });
const mailsTo = async (email: string) =>
  (await listOutbox(undefined, 200)).map((m) => m.value).filter((m) => m.to === email);
/** Confirms the sign-up through the link last mailed to `email`, as its owner would. */
async function confirmSignUp(email: string) {
  const links = (await mailsTo(email)).map((m) => /http\S+\/confirm\?token=\S+/.exec(m.text)?.[0]).filter(Boolean);
  const token = new URL(links[0]!).searchParams.get('token')!;
  expect((await postForm(confirmHandler, '/confirm', { token })).status).toBe(200);
}

beforeEach(async () => {
  await Promise.all([clearStore('subscribers'), clearStore('outbox'), clearStore('limits')]);
  await subscribersRepo().subscribe(JANE, new Date('2026-01-05T10:00:00Z'));
});

describe('the unsubscribe token', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const token = tokenFor(JANE, now);

  it('names its address until it expires, and nothing after', () => {
    expect(readUnsubscribeToken(token, LOCAL_LINK_SECRET, now)).toBe(JANE);
    const lastDay = new Date(now.getTime() + UNSUBSCRIBE_LINK_DAYS * DAY_MS - 1000);
    expect(readUnsubscribeToken(token, LOCAL_LINK_SECRET, lastDay)).toBe(JANE);
    const expired = new Date(now.getTime() + UNSUBSCRIBE_LINK_DAYS * DAY_MS);
    expect(readUnsubscribeToken(token, LOCAL_LINK_SECRET, expired)).toBeNull();
  });

  it('refuses an altered address, expiry or signature, another secret, and anything malformed', () => {
    const [address, expiry, signature] = token.split('.');
    const other = Buffer.from('someone@example.com').toString('base64url');
    const later = (parseInt(expiry, 36) + 10 * 365 * 86400).toString(36);
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    for (const forged of [
      `${other}.${expiry}.${signature}`,
      `${address}.${later}.${signature}`,
      `${address}.${expiry}.${flipped}`,
      `${address}.${expiry}.${signature.slice(0, -1)}`,
      `${address}.${expiry}`,
      `${token}.extra`,
      signUnsubscribeToken(JANE, 'another-secret-of-at-least-32-characters', now),
    ])
      expect(readUnsubscribeToken(forged, LOCAL_LINK_SECRET, now), forged).toBeNull();
  });
});

describe('GET and POST /unsubscribe', () => {
  it('asks first: the link opened (as a mail scanner would) changes nothing and offers a form that posts', async () => {
    const res = await open(tokenFor(JANE));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.body).toContain(unsubscribeTexts.confirmTitle);
    expect(res.body).toMatch(/<form method="post" action="\/unsubscribe">/);
    expect(res.body).not.toMatch(/<script/);
    expect((await subscribersRepo().get(JANE))?.enabled).toBe(true);
  });

  it('unsubscribes on the confirming post, records when, and the admin list shows Inactive', async () => {
    const res = await confirm(tokenFor(JANE));
    expect(res.status).toBe(200);
    expect(res.body).toContain(unsubscribeTexts.doneTitle);
    const stored = await subscribersRepo().get(JANE);
    expect(stored).toMatchObject({ enabled: false, subscribedAt: '2026-01-05T10:00:00.000Z' });
    expect(Date.parse(stored!.unsubscribedAt!)).not.toBeNaN();
    const csv = await call(emailsHandler, '/api/database/emails?format=csv', { headers: await asAdmin() });
    expect(csv.body).toContain(`"${JANE}","Inactive"`);
  });

  it('lets the address subscribe again later through the link mailed to it, keeping its first sign-up date', async () => {
    await confirm(tokenFor(JANE));
    const again = await call(subscribeHandler, '/api/database/subscribe', { method: 'POST', json: { email: JANE } });
    expect(again.status).toBe(200);
    expect((await subscribersRepo().get(JANE))?.enabled).toBe(false);
    await confirmSignUp(JANE);
    expect(await subscribersRepo().get(JANE)).toEqual({
      email: JANE,
      enabled: true,
      subscribedAt: '2026-01-05T10:00:00.000Z',
    });
  });

  it('answers a second confirmation, or one for an unknown address, with the same page and no change', async () => {
    await confirm(tokenFor(JANE));
    const before = await subscribersRepo().get(JANE);
    expect((await confirm(tokenFor(JANE))).status).toBe(200);
    expect(await subscribersRepo().get(JANE)).toEqual(before);
    expect((await confirm(tokenFor('nobody@example.com'))).status).toBe(200);
    expect(await subscribersRepo().get('nobody@example.com')).toBeNull();
  });

  it.each([
    ['a forged signature', () => tokenFor(JANE).replace(/\.[^.]+$/, '.' + 'A'.repeat(43))],
    ['an expired link', () => tokenFor(JANE, new Date(Date.now() - (UNSUBSCRIBE_LINK_DAYS + 1) * DAY_MS))],
    [
      'another address under the same signature',
      () => {
        const [, expiry, signature] = tokenFor(JANE).split('.');
        return `${Buffer.from('other@example.com').toString('base64url')}.${expiry}.${signature}`;
      },
    ],
    ['markup', () => '<script>alert(1)</script>'],
  ])('refuses %s with a page on how to get a new link, and unsubscribes nobody', async (_, token) => {
    for (const res of [await open(token()), await confirm(token())]) {
      expect(res.status).toBe(400);
      expect(res.body).toContain(unsubscribeTexts.badLinkTitle);
      expect(res.body).toContain('/privacy-policy#unsubscribe');
    }
    expect((await subscribersRepo().get(JANE))?.enabled).toBe(true);
  });

  it('refuses a post from another site', async () => {
    const res = await postForm(
      unsubscribeHandler,
      '/unsubscribe',
      { token: tokenFor(JANE) },
      {
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
    );
    expect(res.status).toBe(403);
    expect((await subscribersRepo().get(JANE))?.enabled).toBe(true);
  });

  it('fails closed in production without UNSUBSCRIBE_SECRET: a locally signed link does nothing', async () => {
    const res = await call(unsubscribeHandler, `/unsubscribe?token=${tokenFor(JANE)}`, { deployContext: 'production' });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: unsubscribeTexts.unavailable });
  });
});

describe('POST /api/newsletter/unsubscribe-link', () => {
  it('mails a subscriber a link that works, and answers an unknown address exactly the same', async () => {
    const known = await askForLink(JANE);
    const unknown = await askForLink('stranger@example.com');
    expect([known.status, known.body]).toEqual([200, { ok: true }]);
    expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
    expect(await mailsTo('stranger@example.com')).toEqual([]);
    const [mail] = await mailsTo(JANE);
    expect(mail.subject).toBe(unsubscribeTexts.mailSubject);
    const url = new URL(/http\S+\/unsubscribe\?token=\S+/.exec(mail.text)![0]);
    expect((await open(url.searchParams.get('token')!)).status).toBe(200);
    expect((await confirm(url.searchParams.get('token')!)).status).toBe(200);
    expect((await subscribersRepo().get(JANE))?.enabled).toBe(false);
  });

  it('sends nothing to an address that already left', async () => {
    await subscribersRepo().unsubscribe(JANE);
    expect((await askForLink(JANE)).status).toBe(200);
    expect(await mailsTo(JANE)).toEqual([]);
  });

  it('answers the policy page form without JavaScript with a page, the same for any address', async () => {
    const pages = await Promise.all(
      [JANE, 'stranger@example.com'].map((email) =>
        postForm(linkHandler, '/api/newsletter/unsubscribe-link', { email }),
      ),
    );
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect(page.body).toContain(unsubscribeTexts.linkSentTitle);
    }
    expect(pages[0].body).toBe(pages[1].body);
    const bad = await postForm(linkHandler, '/api/newsletter/unsubscribe-link', { email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('not-an-address');
  });

  it('sends at most three links to one address an hour (429 with Retry-After), whatever the IP', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await askForLink(JANE, `203.0.113.${i}`));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(answers[3].body).toEqual({ error: expect.stringMatching(/unsubscribe links/) });
    expect(Number(answers[3].headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await mailsTo(JANE)).toHaveLength(3);
  });

  it('answers 400 { error } for a bad address and 503 in production without a secret', async () => {
    const bad = await askForLink('nope');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: expect.any(String) });
    const prod = await call(linkHandler, '/api/newsletter/unsubscribe-link', {
      method: 'POST',
      json: { email: JANE },
      deployContext: 'production',
    });
    expect(prod.status).toBe(503);
    expect(await mailsTo(JANE)).toEqual([]);
  });
});

describe('unsubscribing, against a store that applies compare-and-set atomically', () => {
  useAtomicBlobsServer();
  beforeEach(() => subscribersRepo().subscribe(JANE, new Date('2026-01-05T10:00:00Z')));

  it('of two confirmations at once, one records the time and the other finds it done', async () => {
    const results = await Promise.all([
      subscribersRepo().unsubscribe(JANE, new Date('2026-11-26T12:00:00Z')),
      subscribersRepo().unsubscribe(JANE, new Date('2026-11-26T12:00:01Z')),
    ]);
    expect(results.sort()).toEqual(['already', 'unsubscribed']);
    const stored = await subscribersRepo().get(JANE);
    expect(stored?.enabled).toBe(false);
    expect(stored?.unsubscribedAt).toMatch(/^2026-11-26T12:00:0[01]\.000Z$/);
  });
});

describe('every mail to a newsletter address carries the way out (RFC 8058)', () => {
  const subscribe = (email: string) =>
    call(subscribeHandler, '/api/database/subscribe', { method: 'POST', json: { email } });
  /** The signed link a mail's List-Unsubscribe header names, after checking the headers are both there. */
  const oneClickUrl = (mail: { headers?: Record<string, string>; text: string }) => {
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = /^<(https?:\/\/[^>]+\/unsubscribe\?token=[^>]+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1];
    expect(url).toBeTruthy();
    expect(mail.text).toContain(url);
    return new URL(url!);
  };

  it('the confirmed subscription is welcomed once, with the link and the headers; one POST to the link unsubscribes', async () => {
    const email = 'sam@example.com';
    expect((await subscribe(email)).status).toBe(200);
    await confirmSignUp(email);
    expect((await subscribe(email)).status).toBe(200);
    await confirmSignUp(email);
    const mails = (await mailsTo(email)).filter((m) => m.subject === unsubscribeTexts.subscribedSubject);
    expect(mails).toHaveLength(1);
    const url = oneClickUrl(mails[0]);
    expect(readUnsubscribeToken(url.searchParams.get('token')!, LOCAL_LINK_SECRET)).toBe(email);

    // What a mail client sends for the one click: no page, no origin, the token in the link.
    const res = await call(unsubscribeHandler, `${url.pathname}${url.search}`, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect((await subscribersRepo().get(email))?.enabled).toBe(false);
  });

  it('the mail with the link to leave carries the headers too', async () => {
    expect((await askForLink(JANE)).status).toBe(200);
    const [mail] = await mailsTo(JANE);
    oneClickUrl(mail);
  });
});
