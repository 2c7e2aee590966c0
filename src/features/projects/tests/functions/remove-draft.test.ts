/**
 * The family removes a draft it gave: the round keeps a note of when, the words and the file's bytes
 * are deleted, the editor is told, the editor's feedback stays. A removal sent twice removes once; a
 * storage fault at any write leaves a state the retry or the next timer run completes, with no file,
 * timer or record left pointing at nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import projectHandler from '#functions/project';
import projectFile from '#functions/project-file';
import { listOutbox } from '#server/core/mail';
import { timersRepo } from '#server/core/timers';
import { projectFilesRepo } from '#features/essay/server/files';
import { projectsRepo } from '../../server/projects.repo';
import { runDueTimers } from '#server/jobs/timers';
import { forgetEditorLists } from '#features/editors/server/editors.repo';
import { seedDemoEditors } from '#features/editors/server/seed';
import { type ProjectView } from '../../project';
import { deliveryMessages } from '../../process';
import { DAY_MS } from '#lib/time';
import { storageMessages } from '#lib/messages';
import { useAtomicBlobsServer } from '#tests/atomic-blobs-server';
import { bearer, createUser, tokenOf } from '#tests/auth-emulator';
import { PDF } from '#tests/documents';
import { walkFaults } from '#tests/fault-walk';
import { call, context } from '#tests/functions';
import { selection } from '#tests/orders';
import { act, paidOrder, upload } from '#tests/projects';

const blobs = useAtomicBlobsServer();
const FAR_FUTURE = new Date('2100-01-01T00:00:00Z');

let family: Awaited<ReturnType<typeof createUser>>;
let stranger: Awaited<ReturnType<typeof createUser>>;
let editorToken: string;
beforeAll(async () => {
  [family, stranger] = await Promise.all([createUser(), createUser()]);
  editorToken = await tokenOf('maya@example.test');
  // Each fault is logged; hundreds of them would bury the test's own output.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterAll(() => vi.restoreAllMocks());

/** A supplement whose first draft is an uploaded PDF, with feedback (a file of Maya's) returned on it. */
async function returnedWithFiles() {
  forgetEditorLists();
  await seedDemoEditors();
  const {
    projectIds: [id],
  } = await paidOrder(family.idToken, selection({ services: [{ id: 'supplement-small', quantity: 1 }] }));
  const draftFile = (await upload(family.idToken, id, PDF, 'My essay.pdf')).body;
  const submitted = await act(family.idToken, id, 'submit', {
    version: 1,
    prompt: 'Why us?',
    draft: { kind: 'file', fileId: draftFile.id },
  });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const feedbackFile = (await upload(editorToken, id, 'Notes on your essay', 'notes.txt')).body;
  const returned = await act(editorToken, id, 'return', {
    version: submitted.body.version,
    notes: 'A strong start.',
    fileIds: [feedbackFile.id],
  });
  expect(returned.status, JSON.stringify(returned.body)).toBe(200);
  return { id, draftFileId: draftFile.id as string, feedbackFileId: feedbackFile.id as string };
}

const removeFirst = (id: string, token = family.idToken) => act(token, id, 'remove-draft', { round: 1 });
const download = (token: string, id: string, fileId: string) =>
  call(projectFile, `/api/project-files/${id}/${fileId}`, { params: { id, fileId }, headers: bearer(token) });
const removedMails = async () =>
  (await listOutbox(undefined, 200)).map((m) => m.value).filter((m) => m.subject.startsWith('Draft removed: '));
const fileTimers = async (id: string) =>
  (await timersRepo().due(FAR_FUTURE)).filter((t) => t.subjectId === id && t.kind === 'file');

describe('the family removes a draft', () => {
  it('deletes its words and bytes, keeps the round and the feedback, and tells the editor', async () => {
    blobs.reset();
    const { id, draftFileId, feedbackFileId } = await returnedWithFiles();
    const before = (await projectsRepo().get(id))!;

    const res = await removeFirst(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const view = res.body as ProjectView;
    expect(view.rounds[0].draft).toEqual({ kind: 'removed', at: expect.any(String), by: 'family' });
    expect(view.rounds[0].files.map((f) => f.id)).toEqual([feedbackFileId]);
    expect(view.rounds[0].notes).toBe('A strong start.');
    // Not versioned: the editor's next step is not made stale by it.
    expect(view.version).toBe(before.version);
    expect(view.history.at(-1)).toMatchObject({ type: 'remove-draft', by: 'customer', note: 'First draft' });

    // Nothing of the draft remains in the record, and its bytes are gone; the feedback's are not.
    expect(JSON.stringify(await projectsRepo().get(id))).not.toContain(draftFileId);
    expect(await projectFilesRepo().read(id, draftFileId)).toBeNull();
    expect(await projectFilesRepo().read(id, feedbackFileId)).not.toBeNull();
    expect((await download(family.idToken, id, draftFileId)).status).toBe(404);
    expect((await download(editorToken, id, draftFileId)).status).toBe(404);
    expect((await download(family.idToken, id, feedbackFileId)).status).toBe(200);

    // The editor reads it as removed, and is told once.
    const asEditor = await call(projectHandler, `/api/projects/${id}`, {
      params: { id },
      headers: bearer(editorToken),
    });
    expect(asEditor.body.rounds[0].draft.kind).toBe('removed');
    expect(await removedMails()).toHaveLength(1);

    // Sent again (an answer lost on the way): done already, nothing happens twice.
    const again = await removeFirst(id);
    expect(again.status).toBe(200);
    expect(again.body.history.filter((e: { type: string }) => e.type === 'remove-draft')).toHaveLength(1);
    expect(await removedMails()).toHaveLength(1);
  });

  it('is for the family alone, names a draft that exists, and refuses once no draft is left', async () => {
    blobs.reset();
    const { id } = await returnedWithFiles();
    expect((await removeFirst(id, editorToken)).status).toBe(403);
    expect((await removeFirst(id, stranger.idToken)).status).toBe(404);
    expect(await act(family.idToken, id, 'remove-draft', { round: 2 })).toMatchObject({
      status: 400,
      body: { error: deliveryMessages.noSuchDraft },
    });
    expect((await act(family.idToken, id, 'remove-draft', { round: '1' })).status).toBe(400);
    expect((await act(family.idToken, id, 'remove-draft', {})).status).toBe(400);
    expect((await removeFirst(id)).status).toBe(200);
    const project = (await projectsRepo().get(id))!;
    const fresh = await paidOrder(family.idToken, selection({ services: [{ id: 'supplement-small', quantity: 1 }] }));
    expect(await act(family.idToken, fresh.projectIds[0], 'remove-draft', { round: 1 })).toMatchObject({
      status: 409,
      body: { error: deliveryMessages.noDraftToRemove },
    });
    // Every draft removed: the page no longer offers it.
    const view = await call(projectHandler, `/api/projects/${id}`, {
      params: { id },
      headers: bearer(family.idToken),
    });
    expect(view.body.actions).not.toContain('remove-draft');
    expect(project.rounds[0].draft.kind).toBe('removed');
  });
});

describe('a removal under storage faults', () => {
  let ids: Awaited<ReturnType<typeof returnedWithFiles>>;

  it('answers 200 only when the record is changed; a retry and the next timer run leave no bytes, timer or second notice', async () => {
    const writes = await walkFaults(blobs, {
      async arrange() {
        ids = await returnedWithFiles();
        // A day on, the uploads' own checks ran and found both files in use: only the removal's repairs are left.
        await runDueTimers(context(), new Date(Date.now() + DAY_MS + 60_000));
        expect(await fileTimers(ids.id)).toEqual([]);
        expect(await projectFilesRepo().read(ids.id, ids.draftFileId)).not.toBeNull();
      },
      act: () => removeFirst(ids.id),
      async afterFault(res) {
        const draft = (await projectsRepo().get(ids.id))!.rounds[0].draft;
        if (res.status === 200) expect(draft.kind).toBe('removed');
        else {
          expect(res.status, JSON.stringify(res.body)).toBe(503);
          expect(res.body.error).toBe(storageMessages.saveFailed);
        }
      },
      async afterRetry(res) {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const run = await runDueTimers(context(), FAR_FUTURE);
        expect(run.failed).toBe(0);
        const project = (await projectsRepo().get(ids.id))!;
        expect(project.rounds[0].draft.kind).toBe('removed');
        expect(project.history.filter((e) => e.type === 'remove-draft')).toHaveLength(1);
        expect(await projectFilesRepo().read(ids.id, ids.draftFileId)).toBeNull();
        expect(await projectFilesRepo().read(ids.id, ids.feedbackFileId)).not.toBeNull();
        expect(await fileTimers(ids.id)).toEqual([]);
        expect(await removedMails()).toHaveLength(1);
      },
    });
    expect(writes).toBeGreaterThanOrEqual(3);
  }, 600_000);
});
