/**
 * An editor's invitation, through the real endpoints: mailed when our team sets an editor's address,
 * opened from its link, accepted only by that address verified, superseded by a newer one or a changed
 * address, expired after INVITATION_DAYS, sent again by our team; and whole after a storage fault.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import editorsHandler from '#functions/editors';
import editorHandler from '#functions/editor';
import adminEditorsHandler from '#functions/admin-editors';
import editorInvite from '#functions/editor-invite';
import editorProfile from '#functions/editor-profile';
import { INVITATION_DAYS, INVITE_FRAGMENT, invitationMessages } from '../../invitation';
import type { AdminEditor } from '../../editor-rules';
import { openInvitation, sendInvitation } from '../../server/invitations';
import { forgetEditorLists } from '../../server/editors.repo';
import { storageMessages } from '#lib/messages';
import { asAdmin } from '#tests/admin-access';
import { useAtomicBlobsServer } from '#tests/atomic-blobs-server';
import { bearer, createUser } from '#tests/auth-emulator';
import { mailsTo } from '#tests/consults';
import { editorInput } from '#tests/editor-input';
import { walkFaults } from '#tests/fault-walk';
import { call, context } from '#tests/functions';

const blobs = useAtomicBlobsServer();
beforeAll(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
beforeEach(() => {
  blobs.reset();
  forgetEditorLists();
});

let addresses = 0;
const newAddress = () => `grace${Date.now()}${addresses++}@example.test`;

const createEditor = async (accountEmail: string) => {
  const res = await call(editorsHandler, '/api/database/editors', {
    method: 'POST',
    json: { ...editorInput('Grace Liu'), accountEmail },
    headers: await asAdmin(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
};

/** The tokens of the invitation links mailed to `email` (or those mailed at `at`), oldest first. */
const linksTo = async (email: string, at?: Date) =>
  (await mailsTo(email))
    .filter((mail) => !at || mail.queuedAt === at.toISOString())
    .flatMap((mail) =>
      [...mail.text.matchAll(new RegExp(`/editor#${INVITE_FRAGMENT}([A-Za-z0-9_.-]+)`, 'g'))].map((m) => m[1]),
    );

const invite = (token: string, accept = false, headers?: Record<string, string>) =>
  call(editorInvite, '/api/editor-invite', { method: 'POST', json: { token, accept }, headers });

const adminView = async (id: string) => {
  const res = await call(adminEditorsHandler, '/api/admin/editors', { headers: await asAdmin() });
  return (res.body as AdminEditor[]).find((editor) => editor.id === id)!;
};

describe("an editor's invitation", () => {
  it('is mailed when our team adds an editor with an address, and only that address, verified, accepts it', async () => {
    const email = newAddress();
    const id = await createEditor(email);
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ subject: 'Your editor account at Beacon College Counsel', kind: 'editor' });
    expect(mail.text).toContain(`Create your account with this address (${email})`);
    const [token] = await linksTo(email);
    expect(await invite(token)).toMatchObject({ status: 200, body: { name: 'Grace Liu', email, accepted: false } });
    const { steps } = await adminView(id);
    expect(steps).toMatchObject({ invitation: { email }, profileWritten: false, payouts: 'none' });
    expect(steps.invitation!.acceptedAt).toBeUndefined();

    // Accepting needs a sign-in, the invited address, and that address verified.
    expect((await invite(token, true)).status).toBe(401);
    const stranger = await createUser();
    expect(await invite(token, true, bearer(stranger.idToken))).toMatchObject({
      status: 403,
      body: { error: invitationMessages.wrongAccount(email) },
    });
    const unverified = await createUser(email, 'secret-pass', { verified: false });
    expect(await invite(token, true, bearer(unverified.idToken))).toMatchObject({
      status: 403,
      body: { error: invitationMessages.unverified },
    });
    const { idToken } = await createUser(email.replace('@', '+verified@'));
    expect((await invite(token, true, bearer(idToken))).status).toBe(403);
  });

  it('is accepted once by the editor, and our team sees each step of their way in', async () => {
    const email = newAddress();
    const editor = await createUser(email);
    const id = await createEditor(email);
    const [token] = await linksTo(email);
    const accepted = await invite(token, true, bearer(editor.idToken));
    expect(accepted).toMatchObject({ status: 200, body: { accepted: true } });
    const { acceptedAt } = (await adminView(id)).steps.invitation!;
    expect(acceptedAt).toEqual(expect.any(String));
    // Again (a second tab, a retry): the same acceptance.
    expect((await invite(token, true, bearer(editor.idToken))).status).toBe(200);
    expect((await adminView(id)).steps.invitation!.acceptedAt).toBe(acceptedAt);

    const saved = await call(editorProfile, '/api/editor/profile', {
      method: 'PUT',
      json: { bio: 'I edit lab reports into stories.' },
      headers: bearer(editor.idToken),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await adminView(id)).steps.profileWritten).toBe(true);
  });

  it('sent again, or to a changed address, makes every older link fail', async () => {
    const first = newAddress();
    const id = await createEditor(first);
    const [old] = await linksTo(first);
    const resent = await call(adminEditorsHandler, '/api/admin/editors', {
      method: 'POST',
      json: { editorId: id },
      headers: await asAdmin(),
    });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    const [, newer] = await linksTo(first);
    expect(await invite(old)).toMatchObject({ status: 404, body: { error: invitationMessages.expired } });
    expect((await invite(newer)).status).toBe(200);

    const second = newAddress();
    const changed = await call(editorHandler, `/api/database/editors/${id}`, {
      method: 'PUT',
      params: { id },
      json: { ...editorInput('Grace Liu'), accountEmail: second },
      headers: await asAdmin(),
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await invite(newer)).status).toBe(404);
    const [forSecond] = await linksTo(second);
    expect(await invite(forSecond)).toMatchObject({ status: 200, body: { email: second } });
    // Saving the editor again without changing the address sends nothing more.
    await call(editorHandler, `/api/database/editors/${id}`, {
      method: 'PUT',
      params: { id },
      json: { ...editorInput('Grace Liu'), accountEmail: second, slotsOpen: 1 },
      headers: await asAdmin(),
    });
    expect(await linksTo(second)).toHaveLength(1);
  });

  it(`expires ${INVITATION_DAYS} days after it is sent`, async () => {
    const email = newAddress();
    const id = await createEditor(email);
    const sentAt = new Date('2026-11-02T09:00:00.000Z');
    await sendInvitation(id, context(), sentAt);
    const [token] = await linksTo(email, sentAt);
    const lastMoment = new Date(sentAt.getTime() + INVITATION_DAYS * 86_400_000 - 1000);
    expect(await openInvitation(token, context(), lastMoment)).toMatchObject({ email });
    await expect(openInvitation(token, context(), new Date(lastMoment.getTime() + 1000))).rejects.toMatchObject({
      status: 404,
    });
  });

  it('refuses a forged or altered link, an editor without an address, and anyone but our team sending one', async () => {
    const email = newAddress();
    const id = await createEditor(email);
    const [token] = await linksTo(email);
    const [subject, expiry, signature] = token.split('.');
    for (const forged of [
      `${subject}.${expiry}.${signature.slice(1)}x`,
      `${subject}x.${expiry}.${signature}`,
      'nonsense',
    ])
      expect((await invite(forged)).status, forged).toBe(404);
    const without = await createEditor('');
    expect(
      await call(adminEditorsHandler, '/api/admin/editors', {
        method: 'POST',
        json: { editorId: without },
        headers: await asAdmin(),
      }),
    ).toMatchObject({ status: 409, body: { error: invitationMessages.noAccount } });
    const family = await createUser();
    expect(
      (
        await call(adminEditorsHandler, '/api/admin/editors', {
          method: 'POST',
          json: { editorId: id },
          headers: bearer(family.idToken),
        })
      ).status,
    ).toBe(403);
  });
});

describe('sending an invitation again, under storage faults', () => {
  let id: string;
  let email: string;

  it('either fails with 503 or mails a link that works; the retry always does', async () => {
    const writes = await walkFaults(blobs, {
      async arrange() {
        forgetEditorLists();
        email = newAddress();
        id = await createEditor(email);
      },
      act: async () =>
        call(adminEditorsHandler, '/api/admin/editors', {
          method: 'POST',
          json: { editorId: id },
          headers: await asAdmin(),
        }),
      afterFault(res) {
        if (res.status !== 200) expect(res).toMatchObject({ status: 503, body: { error: storageMessages.saveFailed } });
      },
      async afterRetry(res) {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        forgetEditorLists();
        const newest = (await linksTo(email)).at(-1)!;
        expect((await invite(newest)).status).toBe(200);
      },
    });
    expect(writes).toBeGreaterThanOrEqual(3);
  }, 600_000);
});
