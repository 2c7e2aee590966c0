/**
 * Closing an account (POST /api/account/close, after a recent sign-in): open projects ended through
 * the process with the policy's refund, every project's content and names gone, the orders kept for
 * accounting without the people, the published review kept as 'A former client', the Firebase user
 * deleted last; an editor with open projects is refused; a closure cut off at any write is completed
 * by the next try.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import closeHandler from '#functions/account-close';
import adminPrivacy from '#functions/admin-privacy';
import { attentionRepo, rebuildAttentionIndex, tellOwner } from '#server/core/attention';
import { auditPage } from '#server/core/audit-log';
import { listOutbox } from '#server/core/mail';
import studentAccess from '#functions/student-access';
import { authenticate } from '#server/core/auth';
import { projectFilesRepo } from '#features/essay/server/files';
import { projectsRepo } from '#features/projects/server/projects.repo';
import { runDueTimers } from '#server/jobs/timers';
import { forgetEditorLists } from '#features/editors/server/editors.repo';
import { seedDemoEditors } from '#features/editors/server/seed';
import { ordersRepo } from '#features/orders/server/orders.repo';
import { closeAccount, type Confirmed } from '../../server/close-account';
import { deleteFirebaseUser } from '../../server/firebase-user';
import { reviewsRepo } from '#features/reviews/server/reviews.repo';
import { attentionWords } from '#features/admin/audit-words';
import { deliveryMessages } from '#features/projects/process';
import { ACCOUNT_CLOSED, closeAccountMessages, closureNotices, FORMER_CLIENT } from '../../privacy';
import { site } from '#lib/site';
import { projectView } from '#features/projects/view';
import { useAtomicBlobsServer } from '#tests/atomic-blobs-server';
import { asAdmin, testTokens as asAdminToken } from '#tests/admin-access';
import { adminAuth, bearer, createUser, signIn, tokenOf } from '#tests/auth-emulator';
import { walkFaults } from '#tests/fault-walk';
import { call, context } from '#tests/functions';
import { billing, selection, student } from '#tests/orders';
import { roundWithContent } from '#tests/project-content';
import { act, paidOrder } from '#tests/projects';
import { exportCsvRows } from '#features/admin/server/reports';
import { BUSINESS_TIME_ZONE } from '#lib/time';
import { localDate } from '#features/consults/consult-format';
import { openStore } from '#server/storage/stores';

const blobs = useAtomicBlobsServer();

let editorToken: string;
beforeAll(async () => {
  editorToken = await tokenOf('maya@example.test');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterAll(() => vi.restoreAllMocks());

const closing = (idToken: string, method: 'GET' | 'POST', endings: Confirmed[] = [], review?: string) =>
  call(closeHandler, '/api/account/close', {
    method,
    headers: bearer(idToken),
    ...(method === 'POST' && { json: { endings, ...(review && { review }) } }),
  });

const asking = async (json: unknown) =>
  call(adminPrivacy, '/api/admin/privacy', { method: 'POST', json, headers: await asAdmin() });

/** What the page confirms: the project cancelled gets its price back, the one withdrawn nothing. */
const confirmedOf = async ({ notBegun, begun }: { notBegun: string; begun: string }): Promise<Confirmed[]> => [
  { projectId: notBegun, refundCents: (await projectsRepo().get(notBegun))!.priceCents },
  { projectId: begun, refundCents: 0 },
];

/** Everything that names the family in the arranged orders. */
const PERSONAL = [
  student.studentName,
  student.studentEmail,
  student.parentName,
  student.parentEmail,
  billing.street,
  billing.city,
  billing.zip,
  billing.phone,
];

/** The family's review names the student, as families' reviews do. */
const REVIEW_TEXT = `Clear and kind: ${student.studentName} felt heard.`;

/** Every mail and owner notice we keep, as text. */
const keptMailsAndNotices = async () =>
  JSON.stringify([
    (await listOutbox(undefined, 1000)).map((m) => m.value),
    (await attentionRepo().page({ limit: 100 })).items,
  ]);

/**
 * A family with three supplements: the first final with a PDF draft, feedback with a file, a message
 * and both reviews (published); the second open and not begun; the third open after a returned round.
 */
async function familyWithEverything() {
  forgetEditorLists();
  await seedDemoEditors();
  const family = await createUser();
  const { orderId, projectIds } = await paidOrder(
    family.idToken,
    selection({ services: [{ id: 'supplement-small', quantity: 3 }] }),
  );
  const [finished, notBegun, begun] = projectIds;
  const fileIds: string[] = [];
  for (const id of [finished, begun]) {
    const last = id === finished;
    const message = last ? `Thank you, from ${student.parentName}!` : undefined;
    fileIds.push(...(await roundWithContent(family.idToken, editorToken, id, { message, final: last })).fileIds);
  }
  const scores = { feedback: 5, communication: 5, onTime: 5 };
  expect((await act(family.idToken, finished, 'review', { scores, text: REVIEW_TEXT })).status).toBe(200);
  expect((await act(editorToken, finished, 'review', { score: 5, text: 'A pleasure.' })).status).toBe(200);
  // The owner exports the day's accounts once it is settled (days on): its rows, naming the family, are kept.
  const today = localDate(new Date().toISOString(), BUSINESS_TIME_ZONE);
  await exportCsvRows('orders', today, today, undefined, new Date(Date.now() + 4 * 24 * 3_600_000));
  expect(await keptRows()).toContain(family.email);
  return { family, orderId, finished, notBegun, begun, fileIds };
}

/** The accountant's rows the owner's reports keep, as text. */
const keptRows = async () => {
  const store = openStore('report-days');
  const { blobs: kept } = await store.list({ prefix: 'rows/' });
  return JSON.stringify(await Promise.all(kept.map((blob) => store.get(blob.key, { type: 'json' }))));
};

const timersLater = (minutes: number) => runDueTimers(context(), new Date(Date.now() + minutes * 60_000));

/** What must hold once the account is closed, whatever it took to get there. */
async function expectClosed(arranged: Awaited<ReturnType<typeof familyWithEverything>>) {
  const { family, orderId, finished, notBegun, begun, fileIds } = arranged;
  await expect(signIn(family.email, family.password)).rejects.toThrow(/EMAIL_NOT_FOUND|USER_NOT_FOUND/);

  const projects = await projectsRepo().getMany([finished, notBegun, begun]);
  expect(projects.map((p) => p.state)).toEqual(['final', 'cancelled', 'withdrawn']);
  for (const project of projects) {
    expect(project.accountClosedAt).toBeTruthy();
    expect(project.messages).toEqual([]);
    expect(
      project.rounds.every(
        (r) => r.draft.kind === 'removed' && r.draft.by === 'closure' && r.files.length === 0 && !r.notes,
      ),
    ).toBe(true);
    const stored = JSON.stringify(project);
    for (const words of [family.email, ...PERSONAL, REVIEW_TEXT]) expect(stored).not.toContain(words);
    // What the family gave about the essays goes too: each round's prompt and the student's grade.
    expect(project.rounds.every((r) => r.prompt === '')).toBe(true);
    expect(project.student.grade).toBe('');
    // What the editor reads on the finished project: no name, and nobody left to write to.
    const view = projectView(project, ['editor'], new Date());
    expect(view.student).toEqual({ name: ACCOUNT_CLOSED, grade: '' });
    expect(view.actions).not.toContain('message');
  }
  // No mail we keep, no owner notice and no kept row of the accounts names the family any more.
  const kept = (await keptMailsAndNotices()) + (await keptRows());
  for (const words of [family.email, ...PERSONAL]) expect(kept).not.toContain(words);
  // The repairs are due a few minutes on; the bytes are gone by then at the latest.
  await timersLater(10);
  for (const [i, fileId] of fileIds.entries())
    expect(await projectFilesRepo().read(i < 2 ? finished : begun, fileId)).toBeNull();

  // The order keeps what accounting needs, and the one refund the policy gave (in full, within 48 hours).
  const order = (await ordersRepo().get(orderId))!;
  const stored = JSON.stringify(order);
  for (const words of [family.email, ...PERSONAL]) expect(stored).not.toContain(words);
  expect(order.totalCents).toBeGreaterThan(0);
  expect(order.payment.paidAt).toBeTruthy();
  expect(order.serviceLines.map((l) => [l.id, l.quantity])).toEqual([['supplement-small', 3]]);
  expect(order.billing.state).toBe(billing.state);
  expect(order.refunds?.map((r) => [r.id, r.amountCents, r.actor])).toEqual([
    [`cancel-${notBegun}`, projects[1].priceCents, ACCOUNT_CLOSED],
  ]);

  // The published review stays as its scores, under no name: its words went with the account.
  const reviews = await reviewsRepo().newest('maya-chen', 100);
  expect(
    reviews.filter((r) => r.projectId === finished).map((r) => [r.student.firstName, r.student.grade, r.text]),
  ).toEqual([[FORMER_CLIENT, '', '']]);
}

describe('closing an account', () => {
  it('says first what closing does: the refund of each open project', async () => {
    blobs.reset();
    const { family, notBegun, begun } = await familyWithEverything();
    const res = await closing(family.idToken, 'GET');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const project = (await projectsRepo().get(notBegun))!;
    expect(res.body.endings).toEqual([
      expect.objectContaining({
        projectId: notBegun,
        action: 'cancel',
        refund: expect.objectContaining({ amountCents: project.priceCents }),
      }),
      expect.objectContaining({ projectId: begun, action: 'withdraw', refund: null }),
    ]);
    expect(res.body.publishedReviews).toBe(1);
  }, 120_000);

  it('closes it: projects ended and emptied, orders kept without names, the review anonymous, the user gone', async () => {
    blobs.reset();
    const arranged = await familyWithEverything();
    const res = await closing(arranged.family.idToken, 'POST', await confirmedOf(arranged));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ closed: true });
    await expectClosed(arranged);
    // The same request again (an answer lost on the way) finds it closed.
    expect((await closing(arranged.family.idToken, 'POST')).status).toBe(200);

    // The editor is refused a message to the closed family, with the reason.
    const message = await act(editorToken, arranged.finished, 'message', { text: 'Are you still there?' });
    expect(message.status).toBe(409);
    expect(message.body).toEqual({ error: deliveryMessages.familyClosed });
    // The owner is told the family closed its account, naming nobody.
    const notice = (await attentionRepo().page({ limit: 10 })).items.find((i) => i.id.includes(arranged.notBegun));
    expect(notice).toMatchObject({ kind: 'family-closed' });
    expect(attentionWords['family-closed']).toBe(closureNotices.byFamily);
    const ownerMails = (await listOutbox(undefined, 1000)).map((m) => m.value).filter((m) => m.to === site.email);
    expect(ownerMails.map((m) => m.subject)).toContainEqual(expect.stringContaining(closureNotices.byFamily));
  }, 120_000);

  it('the family chooses what becomes of its published review: kept with its words, or deleted', async () => {
    blobs.reset();
    const arranged = await familyWithEverything();
    const res = await closing(arranged.family.idToken, 'POST', await confirmedOf(arranged), 'text');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [kept] = (await reviewsRepo().newest('maya-chen', 100)).filter((r) => r.projectId === arranged.finished);
    expect([kept.student.firstName, kept.text]).toEqual([FORMER_CLIENT, REVIEW_TEXT]);

    blobs.reset();
    const again = await familyWithEverything();
    const ratingBefore = await reviewsRepo().newest('maya-chen', 100);
    expect(ratingBefore.some((r) => r.projectId === again.finished)).toBe(true);
    const deleted = await closing(again.family.idToken, 'POST', await confirmedOf(again), 'delete');
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await reviewsRepo().newest('maya-chen', 100)).some((r) => r.projectId === again.finished)).toBe(false);
    expect(JSON.stringify(await projectsRepo().get(again.finished))).not.toContain(REVIEW_TEXT);
  }, 240_000);

  it("notices that named the family are scrubbed when it closes: the owner's list and the mails kept", async () => {
    blobs.reset();
    const arranged = await familyWithEverything();
    const project = (await projectsRepo().get(arranged.notBegun))!;
    const cancelled = await act(arranged.family.idToken, arranged.notBegun, 'cancel', {
      version: project.version,
      refundCents: project.priceCents,
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await keptMailsAndNotices()).toContain(student.parentName);
    // Another family's notice: the closure finds the family's own by its orders, and never reads it
    // (once the notices' keys are complete: the first read after a deploy builds them, once).
    await rebuildAttentionIndex();
    await tellOwner({
      id: 'family-cancel-BCC-OTHER1-1',
      at: new Date(),
      kind: 'family-cancel',
      orderId: 'BCC-OTHER1',
      subject: 'A family cancelled',
      lines: ['Robin Other cancelled Supplemental Essay Help (Small) for Alex Other.'],
    });
    blobs.takeRequests();
    const res = await closing(arranged.family.idToken, 'POST', [{ projectId: arranged.begun, refundCents: 0 }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const attentionReads = blobs
      .takeRequests()
      .filter((r) => r.method === 'GET' && r.store.endsWith('attention') && r.key.includes('BCC-OTHER1'));
    expect(attentionReads).toEqual([]);
    expect(await keptMailsAndNotices()).toContain('Robin Other');
    const kept = await keptMailsAndNotices();
    for (const words of [arranged.family.email, ...PERSONAL]) expect(kept).not.toContain(words);
    // The family's own cancel is still listed, as the family's.
    const notice = (await attentionRepo().page({ limit: 10 })).items.find((i) => i.id.includes(arranged.notBegun));
    expect(notice).toMatchObject({ kind: 'family-cancel' });
  }, 120_000);

  it('the owner is told of every closure of a family that ordered, once, naming nobody: with nothing to cancel too', async () => {
    blobs.reset();
    forgetEditorLists();
    await seedDemoEditors();
    const family = await createUser();
    // A project already final: closing cancels nothing, and the owner still hears of it.
    const { orderId, projectIds } = await paidOrder(
      family.idToken,
      selection({ services: [{ id: 'supplement-small', quantity: 1 }] }),
    );
    await act((await asAdminToken()).admin, projectIds[0], 'finalize', { version: 1 });
    const res = await closing(family.idToken, 'POST');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const notices = (await attentionRepo().page({ limit: 10 })).items.filter((item) => item.kind === 'family-closed');
    expect(notices).toHaveLength(1);
    expect(notices[0].text).toBe(closureNotices.accountLine(closureNotices.byFamily, 1));
    const mails = (await listOutbox(undefined, 200))
      .map((m) => m.value)
      .filter((m) => m.to === site.email && m.subject === closureNotices.byFamily);
    expect(mails).toHaveLength(1);
    for (const named of [family.email, student.parentName, student.studentName, orderId])
      expect(mails[0].text).not.toContain(named);
  });

  it('closes nothing when the page said other refunds than closing now gives', async () => {
    blobs.reset();
    const arranged = await familyWithEverything();
    const [cancelled, withdrawn] = await confirmedOf(arranged);
    const res = await closing(arranged.family.idToken, 'POST', [{ ...cancelled, refundCents: 1 }, withdrawn]);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: closeAccountMessages.changed });
    expect((await projectsRepo().get(arranged.notBegun))!.state).toBe('awaiting_draft');
    expect(await signIn(arranged.family.email, arranged.family.password)).toBeTruthy();
  }, 120_000);

  it('asks for a recent sign-in: a token signed in over five minutes ago is refused and nothing changes', async () => {
    blobs.reset();
    const family = await createUser();
    const [header, payload] = family.idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const old = Buffer.from(JSON.stringify({ ...claims, auth_time: claims.auth_time - 6 * 60 })).toString('base64url');
    const res = await closing(`${header}.${old}.`, 'POST');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: closeAccountMessages.signInAgain });
    expect(await signIn(family.email, family.password)).toBeTruthy();
  });

  it('asks for a verified address first (403), and closes nothing', async () => {
    const unverified = await createUser(undefined, 'secret-pass', { verified: false });
    for (const method of ['GET', 'POST'] as const) {
      const res = await closing(unverified.idToken, method);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: closeAccountMessages.verifyFirst });
    }
    expect(await signIn(unverified.email, unverified.password)).toBeTruthy();
  });

  it('refuses an editor with open projects, with the reason', async () => {
    blobs.reset();
    const { notBegun } = await familyWithEverything();
    expect((await projectsRepo().get(notBegun))!.editor.id).toBe('maya-chen');
    for (const method of ['GET', 'POST'] as const) {
      const res = await closing(editorToken, method);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: closeAccountMessages.editorOpenProjects(2) });
    }
    expect(await signIn('maya@example.test', 'secret-pass')).toBeTruthy();
  }, 120_000);

  it("a student closes their own account: their access and words go, the family's project and order stay", async () => {
    blobs.reset();
    forgetEditorLists();
    await seedDemoEditors();
    const [family, sam] = await Promise.all([createUser(), createUser()]);
    const { orderId, projectIds } = await paidOrder(
      family.idToken,
      selection({
        services: [{ id: 'supplement-small', quantity: 1 }],
        student: { ...student, studentEmail: sam.email },
      }),
    );
    const [id] = projectIds;
    const shared = await call(studentAccess, `/api/student-access/${orderId}`, {
      method: 'POST',
      params: { orderId },
      headers: bearer(family.idToken),
    });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    const submitted = await act(sam.idToken, id, 'submit', {
      version: 1,
      prompt: 'Why us?',
      draft: { kind: 'text', text: 'The essay Sam wrote.' },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    await act(sam.idToken, id, 'message', { text: 'A question from Sam.' });
    await act(family.idToken, id, 'message', { text: 'A question from the parent.' });
    const orderBefore = await ordersRepo().get(orderId);

    // A student has no projects of their own to end: closing says only what happens to what was shared.
    const preview = await closing(sam.idToken, 'GET');
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toEqual({ endings: [], sharedProjects: 1, ownProjects: 0, publishedReviews: 0 });

    const res = await closing(sam.idToken, 'POST');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await expect(signIn(sam.email, sam.password)).rejects.toThrow(/EMAIL_NOT_FOUND|USER_NOT_FOUND/);

    const project = (await projectsRepo().get(id))!;
    expect(project.studentAccess).toBeUndefined();
    expect(await projectsRepo().listForStudent(sam.email)).toEqual([]);
    // The student's messages go, as a closing family's do; the parent's and the draft stay: the project is theirs.
    expect(project.messages.map((m) => [m.by, m.text])).toEqual([['customer', 'A question from the parent.']]);
    expect(project.rounds[0].draft).toMatchObject({ kind: 'text' });
    expect(project.state).toBe('submitted');
    expect(project.accountClosedAt).toBeUndefined();
    const studentEvents = project.history.filter((e) => e.by === 'student');
    expect(studentEvents.length).toBeGreaterThan(0);
    for (const event of studentEvents) expect(event).toMatchObject({ actor: ACCOUNT_CLOSED });
    expect(JSON.stringify(project.history)).not.toContain('A question from Sam.');
    expect(project.history.at(-1)).toMatchObject({ type: 'student_removed', by: 'student', actor: ACCOUNT_CLOSED });
    expect(await ordersRepo().get(orderId)).toEqual(orderBefore);
    expect(await signIn(family.email, family.password)).toBeTruthy();

    // Again (an answer lost on the way): already closed, nothing more changes.
    expect((await closing(sam.idToken, 'POST')).status).toBe(200);
    expect(await projectsRepo().get(id)).toEqual(project);
  }, 120_000);

  it('an admin closes an account for a request by mail: the same preview, the same closure, audited with the reason', async () => {
    blobs.reset();
    const arranged = await familyWithEverything();
    const { email } = arranged.family;
    const preview = await asking({ email, action: 'close-preview' });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toEqual((await closing(arranged.family.idToken, 'GET')).body);

    const reason = 'Asked by mail on 26 November, from this address.';
    // Without a reason nothing is closed.
    expect((await asking({ email, action: 'close', reason: ' ', endings: [] })).status).toBe(400);
    const res = await asking({ email, action: 'close', reason, endings: await confirmedOf(arranged) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ closed: true, message: closeAccountMessages.closedByAdmin });
    await expectClosed(arranged);
    const [entry] = (await auditPage({ limit: 10 }, { subject: email })).items;
    expect(entry).toMatchObject({ by: 'boss@example.test', action: 'account-closed', confirmed: true });
    expect(JSON.stringify(entry)).toContain(reason);
    // The owner reads that our team closed it, not that a family cancelled.
    const notice = (await attentionRepo().page({ limit: 10 })).items.find((i) => i.id.includes(arranged.notBegun));
    expect(notice).toMatchObject({ kind: 'team-closed' });
    expect(attentionWords['team-closed']).toBe(closureNotices.byTeam);

    // Asked again: nothing left to find under that address.
    const again = await asking({ email, action: 'close', reason, endings: [] });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: closeAccountMessages.noAccount });
  }, 120_000);

  it("an admin's closure cut off before the user's deletion is completed by asking again", async () => {
    blobs.reset();
    const arranged = await familyWithEverything();
    const { email } = arranged.family;
    const caller = await authenticate(new Request('http://x', { headers: bearer(arranged.family.idToken) }), context());
    const cutOff = () => Promise.reject(new Error('Firebase did not answer'));
    const confirmed = await confirmedOf(arranged);
    await expect(
      closeAccount({ caller, deleteUser: cutOff, confirmed, now: new Date(), context: context() }),
    ).rejects.toThrow();
    expect(await signIn(email, arranged.family.password)).toBeTruthy();
    const res = await asking({ email, action: 'close', reason: 'Asked by mail.', endings: [] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await expectClosed(arranged);
  }, 120_000);

  it('a closure cut off at any write is completed by the next try, with one refund and no orphan', async () => {
    let arranged: Awaited<ReturnType<typeof familyWithEverything>>;
    let confirmed: Confirmed[];
    const tryClosing = async () => {
      const caller = await authenticate(
        new Request('http://x', { headers: bearer(arranged.family.idToken) }),
        context(),
      );
      const { family } = arranged;
      const deleteUser = () => deleteFirebaseUser(family.idToken, context());
      return closeAccount({ caller, deleteUser, confirmed, now: new Date(), context: context() }).then(
        () => 'closed',
        (error: Error) => error.message,
      );
    };
    const writes = await walkFaults(blobs, {
      arrange: async () => {
        arranged = await familyWithEverything();
        confirmed = await confirmedOf(arranged);
      },
      // The family's records are put back as arranged; the Firebase user the closure deleted is made
      // again under the same uid, which those records name.
      async rearrange() {
        forgetEditorLists();
        const { uid, email, password } = arranged.family;
        await adminAuth().createUser({ uid, email, password, emailVerified: true });
        arranged.family.idToken = await signIn(email, password);
      },
      act: tryClosing,
      async afterFault(result) {
        // Until the closure is whole, the person can still sign in and try again.
        if (result !== 'closed') expect(await signIn(arranged.family.email, arranged.family.password)).toBeTruthy();
      },
      async afterRetry(result) {
        expect(result).toBe('closed');
        await expectClosed(arranged);
      },
    });
    expect(writes).toBeGreaterThanOrEqual(10);
  }, 1_800_000);
});
