/**
 * An editor closing the account they sign in with (POST /api/account/close, or an admin's closure by
 * mail): the editor leaves the site as 'Hide from the site' does (off the public list, no new orders,
 * the pages built again), their record no longer holds the sign-in address, their finished project
 * stays theirs, and the business is told once, in its mail and in 'Needs you'. A closure cut off at
 * any write is completed by the next try.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import closeHandler from '#functions/account-close';
import adminPrivacy from '#functions/admin-privacy';
import createSession from '#functions/create-payment-session';
import editorsHandler from '#functions/editors';
import { attentionRepo } from '#server/core/attention';
import { authenticate } from '#server/core/auth';
import { listOutbox } from '#server/core/mail';
import { projectsRepo } from '#features/projects/server/projects.repo';
import { editorsRepo, forgetEditorLists } from '#features/editors/server/editors.repo';
import { seedDemoEditors } from '#features/editors/server/seed';
import { closeAccount } from '../../server/close-account';
import { deleteFirebaseUser } from '../../server/firebase-user';
import { editorClosureMessages } from '../../editor-closure';
import { messages } from '#lib/messages';
import type { Editor } from '#features/editors/editor-rules';
import { site } from '#lib/site';
import { asAdmin } from '#tests/admin-access';
import { editorInput } from '#tests/api-fixtures';
import { useAtomicBlobsServer } from '#tests/atomic-blobs-server';
import { adminAuth, bearer, createUser, signIn } from '#tests/auth-emulator';
import { walkFaults } from '#tests/fault-walk';
import { call, context } from '#tests/functions';
import { selection } from '#tests/orders';
import { roundWithContent } from '#tests/project-content';
import { paidOrder } from '#tests/projects';

const blobs = useAtomicBlobsServer();

let family: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  family = await createUser();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterAll(() => vi.restoreAllMocks());

const supplement = (editorId: string) => selection({ editorId, services: [{ id: 'supplement-small', quantity: 1 }] });

/** An editor on the site with open slots and their own sign-in account, with a project of theirs carried to final. */
async function editorWithFinishedProject() {
  forgetEditorLists();
  await seedDemoEditors();
  const account = await createUser();
  const editor = await editorsRepo().createWithNewId({ ...editorInput(), accountEmail: account.email });
  const { projectIds } = await paidOrder(family.idToken, supplement(editor.id));
  await roundWithContent(family.idToken, account.idToken, projectIds[0], { final: true });
  return { account, editorId: editor.id, name: editor.name, projectId: projectIds[0] };
}
type Arranged = Awaited<ReturnType<typeof editorWithFinishedProject>>;

const publicList = async () => {
  forgetEditorLists();
  return (await call(editorsHandler, '/api/database/editors')).body as Editor[];
};
const ownerMails = async () =>
  (await listOutbox(undefined, 200)).map((m) => m.value).filter((m) => [m.to].flat().includes(site.email));

/** What must hold once the editor's account is closed, whatever it took to get there. */
async function expectEditorGone({ account, editorId, name, projectId }: Arranged) {
  await expect(signIn(account.email, account.password)).rejects.toThrow(/EMAIL_NOT_FOUND|USER_NOT_FOUND/);
  const record = (await editorsRepo().get(editorId))!;
  expect(record.hidden).toBe(true);
  expect(record.accountEmail).toBeUndefined();
  expect(JSON.stringify(record)).not.toContain(account.email);
  expect((await publicList()).map((e) => e.id)).not.toContain(editorId);
  const order = await call(createSession, '/api/stripe/create-payment-session', {
    method: 'POST',
    json: supplement(editorId),
    headers: bearer(family.idToken),
  });
  expect(order.status).toBe(409);
  expect(order.body).toEqual({ error: messages.editorUnavailable });
  // Their finished project stays theirs, on record.
  expect((await projectsRepo().get(projectId))!.editor.id).toBe(editorId);
  // The business hears of it once, by mail and in 'Needs you'.
  const told = (await ownerMails()).filter((m) => m.subject === editorClosureMessages.subject(name));
  expect(told).toHaveLength(1);
  expect(told[0].text).toContain(editorClosureMessages.lines(name, editorId)[0]);
  const items = (await attentionRepo().page({ limit: 100 })).items.filter((i) => i.kind === 'editor-closed');
  expect(items.map((i) => [i.text, i.seen])).toEqual([[editorClosureMessages.lines(name, editorId)[0], false]]);
}

describe('an editor closing their account', () => {
  const realFetch = globalThis.fetch;
  const HOOK = 'https://api.netlify.com/build_hooks/hook-123';
  afterEach(() => vi.unstubAllEnvs());

  it('hides the editor as the admin does, pages built again, drops the sign-in address, and tells the business', async () => {
    blobs.reset();
    const arranged = await editorWithFinishedProject();
    expect((await publicList()).map((e) => e.id)).toContain(arranged.editorId);
    const builds: string[] = [];
    vi.stubEnv('SITE_BUILD_HOOK', HOOK);
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.startsWith(HOOK)) return realFetch(input, init);
      builds.push(url);
      return new Response(null, { status: 200 });
    });
    try {
      const res = await call(closeHandler, '/api/account/close', {
        method: 'POST',
        headers: bearer(arranged.account.idToken),
        json: { endings: [] },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    } finally {
      fetchSpy.mockRestore();
    }
    expect(builds).toEqual([`${HOOK}?trigger_title=Editors+changed+in+the+admin+area`]);
    await expectEditorGone(arranged);
  }, 120_000);

  it("an admin's closure by mail does the same", async () => {
    blobs.reset();
    const arranged = await editorWithFinishedProject();
    const res = await call(adminPrivacy, '/api/admin/privacy', {
      method: 'POST',
      json: { email: arranged.account.email, action: 'close', reason: 'Asked by mail.', endings: [] },
      headers: await asAdmin(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await expectEditorGone(arranged);
  }, 120_000);

  it('a closure cut off at any write is completed by the next try, the business told once', async () => {
    let arranged: Arranged;
    const tryClosing = async () => {
      const caller = await authenticate(
        new Request('http://x', { headers: bearer(arranged.account.idToken) }),
        context(),
      );
      const deleteUser = () => deleteFirebaseUser(arranged.account.idToken, context());
      return closeAccount({ caller, deleteUser, confirmed: [], now: new Date(), context: context() }).then(
        () => 'closed',
        (error: Error) => error.message,
      );
    };
    const writes = await walkFaults(blobs, {
      arrange: async () => {
        arranged = await editorWithFinishedProject();
      },
      // The stores are put back as arranged; the Firebase user the closure deleted is made again under its uid.
      async rearrange() {
        forgetEditorLists();
        const { uid, email, password } = arranged.account;
        await adminAuth().createUser({ uid, email, password, emailVerified: true });
        arranged.account.idToken = await signIn(email, password);
      },
      act: tryClosing,
      async afterFault(result) {
        if (result !== 'closed') expect(await signIn(arranged.account.email, arranged.account.password)).toBeTruthy();
      },
      async afterRetry(result) {
        expect(result).toBe('closed');
        await expectEditorGone(arranged);
      },
    });
    expect(writes).toBeGreaterThanOrEqual(8);
  }, 1_800_000);
});
