import { getStore } from '@netlify/blobs';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import confirmHandler from '#functions/confirm';
import waitlistHandler from '#functions/waitlist';
import { escapeHtml, listOutbox } from '#server/core/mail';
import { editorsRepo } from '#features/editors/server/editors.repo';
import { seedDemoEditors } from '#features/editors/server/seed';
import { RATE_LIMITS } from '#lib/limits';
import { optInTexts } from '#features/contact/opt-in';
import { waitlistRepo } from '../../server/waitlist.repo';
import { call, clearStore, postForm } from '#tests/functions';

const PATH = '/api/waitlist';
const mailsTo = async (email: string) =>
  (await listOutbox(undefined, 200)).map((m) => m.value).filter((m) => m.to === email);
const confirmLinkIn = (text: string) => new URL(/http\S+\/confirm\?token=\S+/.exec(text)![0]);
const join = (json: unknown) => call(waitlistHandler, PATH, { method: 'POST', json });
const post = (body: BodyInit) =>
  call(waitlistHandler, PATH, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
const allKeys = async () =>
  (await getStore({ name: 'waitlist', consistency: 'strong' }).list()).blobs.map((b) => b.key);
/** The entries' keys, without the join-time index beside them. */
const storedKeys = async () => (await allKeys()).filter((key) => !key.startsWith('_joined/'));

beforeAll(async () => {
  await clearStore('editors');
  await seedDemoEditors();
});
beforeEach(() => Promise.all(['waitlist', 'outbox', 'limits'].map(clearStore)));

describe('POST /api/waitlist', () => {
  it('stores nothing until the address confirms through the link mailed to it; then it waits, once', async () => {
    const res = await join({ email: '  Parent@Example.COM ', editorId: 'daniel-okafor' });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ ok: true });
    expect(await allKeys()).toEqual([]);
    const [mail] = await mailsTo('parent@example.com');
    expect(mail.subject).toBe(optInTexts.waitlist.mailSubject('Daniel Okafor'));
    const link = confirmLinkIn(mail.text);
    // Opening the link (as a mail scanner would) only asks.
    const page = await call(confirmHandler, `${link.pathname}${link.search}`);
    expect(page.body).toContain(escapeHtml(optInTexts.waitlist.askTitle('Daniel Okafor')));
    expect(await allKeys()).toEqual([]);
    const token = link.searchParams.get('token')!;
    const done = await postForm(confirmHandler, '/confirm', { token });
    expect(done.status).toBe(200);
    expect(done.body).toContain(optInTexts.waitlist.doneTitle);
    const entry = await waitlistRepo().get('daniel-okafor', 'parent@example.com');
    expect(entry).toMatchObject({
      email: 'parent@example.com',
      editorId: 'daniel-okafor',
      editorName: 'Daniel Okafor',
    });
    expect(await storedKeys()).toEqual(['daniel-okafor/parent%40example.com']);
    expect(await allKeys()).toContain(`_joined/${entry!.at}/daniel-okafor/parent%40example.com`);
    // Confirming again keeps the place.
    await postForm(confirmHandler, '/confirm', { token });
    expect(await waitlistRepo().get('daniel-okafor', 'parent@example.com')).toEqual(entry);
    expect(await allKeys()).toHaveLength(2);
  });

  it('an address told at an opening waits again only through its own link, not by anyone’s sign-up', async () => {
    await waitlistRepo().join({ email: 'told@example.com', editorId: 'daniel-okafor', editorName: 'Daniel Okafor' });
    await waitlistRepo().markTold('daniel-okafor', 'told@example.com', { at: new Date().toISOString(), opening: 1 });
    const told = await waitlistRepo().get('daniel-okafor', 'told@example.com');
    expect((await join({ email: 'told@example.com', editorId: 'daniel-okafor' })).status).toBe(202);
    expect(await waitlistRepo().get('daniel-okafor', 'told@example.com')).toEqual(told);
    const token = confirmLinkIn((await mailsTo('told@example.com'))[0].text).searchParams.get('token')!;
    await postForm(confirmHandler, '/confirm', { token });
    expect((await waitlistRepo().get('daniel-okafor', 'told@example.com'))?.told).toBeUndefined();
  });

  it(`mails one address at most ${RATE_LIMITS.confirmMail.limit} links an hour, then answers 429`, async () => {
    for (let i = 0; i < RATE_LIMITS.confirmMail.limit; i++)
      expect((await join({ email: 'many@example.com', editorId: 'daniel-okafor' })).status).toBe(202);
    expect((await join({ email: 'many@example.com', editorId: 'maya-chen' })).status).toBe(429);
    expect(await mailsTo('many@example.com')).toHaveLength(RATE_LIMITS.confirmMail.limit);
  });

  it('a link for an editor who has since been hidden joins nothing', async () => {
    await join({ email: 'late@example.com', editorId: 'daniel-okafor' });
    const token = confirmLinkIn((await mailsTo('late@example.com'))[0].text).searchParams.get('token')!;
    await editorsRepo().setHidden('daniel-okafor', true);
    try {
      const res = await postForm(confirmHandler, '/confirm', { token });
      expect(res.status).toBe(404);
      expect(res.body).toContain(escapeHtml(optInTexts.waitlist.goneBody));
      expect(await allKeys()).toEqual([]);
    } finally {
      await editorsRepo().setHidden('daniel-okafor', false);
    }
  });

  it('keeps one entry per editor for the same address', async () => {
    for (const editorId of ['daniel-okafor', 'maya-chen']) await join({ email: 'both@example.com', editorId });
    for (const mail of await mailsTo('both@example.com'))
      await postForm(confirmHandler, '/confirm', { token: confirmLinkIn(mail.text).searchParams.get('token')! });
    expect((await storedKeys()).sort()).toEqual(['daniel-okafor/both%40example.com', 'maya-chen/both%40example.com']);
  });

  it.each([
    ['an unknown editor', 'nobody-here'],
    ['an id with a slash', 'daniel-okafor/../maya-chen'],
    ['an id starting with a slash', '/daniel-okafor'],
    ['an id starting with a dot', '..'],
  ])('answers 404 { error } for %s and stores nothing', async (_, editorId) => {
    const res = await join({ email: 'who@example.com', editorId });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Editor not found' });
    expect(await storedKeys()).toEqual([]);
  });

  it.each([
    ['a missing address', { editorId: 'daniel-okafor' }],
    ['a malformed address', { email: 'not-an-email', editorId: 'daniel-okafor' }],
    ['markup for an address', { email: '<script>@x.y', editorId: 'daniel-okafor' }],
    ['an empty address', { email: '  ', editorId: 'daniel-okafor' }],
    ['a missing editor', { email: 'a@example.com' }],
    ['an empty editor', { email: 'a@example.com', editorId: '   ' }],
    ['a non-string editor', { email: 'a@example.com', editorId: 7 }],
    ['an editor id over 100 characters', { email: 'a@example.com', editorId: 'x'.repeat(101) }],
    ['a body that is not an object', ['a@example.com']],
    ['null', null],
  ])('answers 400 { error } for %s and stores nothing', async (_, body) => {
    const res = await post(JSON.stringify(body));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.any(String) });
    expect(await storedKeys()).toEqual([]);
  });

  it('answers 400 for a body that is not JSON or is too large', async () => {
    const notJson = await post('email=a@example.com');
    expect(notJson.status).toBe(400);
    expect(notJson.body.error).toMatch(/JSON/);
    const big = await post(
      JSON.stringify({ email: 'a@example.com', editorId: 'daniel-okafor', pad: 'x'.repeat(17 * 1024) }),
    );
    expect(big.status).toBe(400);
    expect(await storedKeys()).toEqual([]);
  });

  it.each(['GET', 'PUT', 'DELETE'])('answers 405 to %s', async (method) => {
    const res = await call(waitlistHandler, PATH, { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});
