/**
 * The retention period, by the scheduled run on a fixed clock: a project ended a year ago loses its
 * drafts, feedback and messages (bytes included) and keeps its record and accounting; the project
 * says so a month before; a run cut off by storage at any write is completed by the next.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { timersRepo } from '#server/core/timers';
import { projectFilesRepo } from '#features/essay/server/files';
import { projectsRepo } from '../../server/projects.repo';
import { backfillRetentionTimers } from '../../server/retention';
import { openStore } from '#server/storage/stores';
import { runDueTimers } from '#server/jobs/timers';
import { forgetEditorLists } from '#features/editors/server/editors.repo';
import { ordersRepo } from '#features/orders/server/orders.repo';
import { seedDemoEditors } from '#features/editors/server/seed';
import { retentionMessages } from '../../project';
import { RETENTION } from '#features/privacy/privacy';
import { projectView } from '../../view';
import { contentDeletesAt } from '../../retention';
import { DAY_MS } from '#lib/time';
import { useAtomicBlobsServer } from '#tests/atomic-blobs-server';
import { createUser, tokenOf } from '#tests/auth-emulator';
import { walkFaults } from '#tests/fault-walk';
import { context } from '#tests/functions';
import { selection } from '#tests/orders';
import { roundWithContent } from '#tests/project-content';
import { act, paidOrder } from '#tests/projects';

const blobs = useAtomicBlobsServer();

let family: Awaited<ReturnType<typeof createUser>>;
let editorToken: string;
beforeAll(async () => {
  family = await createUser();
  editorToken = await tokenOf('maya@example.test');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterAll(() => vi.restoreAllMocks());

/** A supplement made final: a PDF draft, feedback with a file, a message each way. */
async function finalWithContent() {
  forgetEditorLists();
  await seedDemoEditors();
  const {
    orderId,
    projectIds: [id],
  } = await paidOrder(family.idToken, selection({ services: [{ id: 'supplement-small', quantity: 1 }] }));
  const { fileIds } = await roundWithContent(family.idToken, editorToken, id, {
    message: 'Thank you so much!',
    final: true,
  });
  const project = (await projectsRepo().get(id))!;
  return { id, orderId, fileIds, deletesAt: contentDeletesAt(project)! };
}

const retentionTimers = async (id: string) =>
  (await timersRepo().due(new Date('2100-01-01T00:00:00Z'))).filter(
    (t) => t.subjectId === id && (t.kind === 'retention' || t.kind === 'file'),
  );

describe('the retention run', () => {
  it('keeps a project whole until its year is over, says so a month before, then deletes its content and bytes', async () => {
    blobs.reset();
    const { id, orderId, fileIds, deletesAt } = await finalWithContent();
    const ended = new Date(deletesAt.getTime() - RETENTION.projectContentDays * DAY_MS);
    expect(Math.abs(ended.getTime() - Date.now())).toBeLessThan(60_000);
    expect((await retentionTimers(id)).map((t) => [t.kind, t.at.toISOString()])).toContainEqual([
      'retention',
      deletesAt.toISOString(),
    ]);

    // A month and a day before: nothing said. A month before: the date, until it is done.
    const before = (await projectsRepo().get(id))!;
    const warningFrom = new Date(deletesAt.getTime() - RETENTION.projectWarningDays * DAY_MS);
    expect(projectView(before, ['customer'], new Date(warningFrom.getTime() - DAY_MS)).contentDeletesAt).toBeNull();
    expect(projectView(before, ['editor'], warningFrom).contentDeletesAt).toBe(deletesAt.toISOString());
    expect(retentionMessages.warning('Dec 1, 2027')).toBe(
      "This project's drafts, files and messages will be deleted on Dec 1, 2027.",
    );

    // A minute before: the run leaves it alone.
    await runDueTimers(context(), new Date(deletesAt.getTime() - 60_000));
    expect((await projectsRepo().get(id))!.contentDeletedAt).toBeUndefined();

    const run = await runDueTimers(context(), deletesAt);
    expect(run.failed).toBe(0);
    const after = (await projectsRepo().get(id))!;
    expect(after.contentDeletedAt).toBe(deletesAt.toISOString());
    expect(after.rounds[0]).toMatchObject({
      draft: { kind: 'removed', by: 'retention', at: deletesAt.toISOString() },
      notes: null,
      files: [],
      prompt: 'Why us?',
    });
    expect(after.messages).toEqual([]);
    const stored = JSON.stringify(after);
    for (const text of ['Good.', 'Thank you so much!', ...fileIds]) expect(stored).not.toContain(text);
    for (const fileId of fileIds) expect(await projectFilesRepo().read(id, fileId)).toBeNull();
    // The record and its accounting stay.
    expect(after).toMatchObject({
      state: 'final',
      orderId,
      priceCents: before.priceCents,
      createdAt: before.createdAt,
    });
    expect(await ordersRepo().get(orderId)).toMatchObject({ id: orderId, status: 'paid' });
    expect(projectView(after, ['customer'], deletesAt).contentDeletesAt).toBeNull();
    expect(after.history.at(-1)).toMatchObject({ type: 'content_deleted', by: 'system' });
    // Its repairs, due a few minutes on, find nothing left to do and leave nothing behind.
    expect((await runDueTimers(context(), new Date(deletesAt.getTime() + 10 * 60_000))).failed).toBe(0);
    expect(await retentionTimers(id)).toEqual([]);
  });

  it('a project withdrawn before any draft has its timer too; an open project has none', async () => {
    blobs.reset();
    forgetEditorLists();
    await seedDemoEditors();
    const { projectIds } = await paidOrder(
      family.idToken,
      selection({ services: [{ id: 'supplement-small', quantity: 2 }] }),
    );
    expect((await act(family.idToken, projectIds[0], 'withdraw', { version: 1 })).status).toBe(200);
    expect((await retentionTimers(projectIds[0])).map((t) => t.kind)).toEqual(['retention']);
    expect(await retentionTimers(projectIds[1])).toEqual([]);
  });
});

describe('the retention run under storage faults', () => {
  let arranged: Awaited<ReturnType<typeof finalWithContent>>;

  it('a run cut off at any write is completed by the next: content and bytes gone, no timer left', async () => {
    const writes = await walkFaults(blobs, {
      async arrange() {
        arranged = await finalWithContent();
        // The uploads' own checks, the notices and the review timers ran long ago.
        await runDueTimers(context(), new Date(arranged.deletesAt.getTime() - DAY_MS));
      },
      act: () => runDueTimers(context(), arranged.deletesAt),
      async afterFault() {
        const project = (await projectsRepo().get(arranged.id))!;
        if (project.contentDeletedAt) expect(project.messages).toEqual([]);
        else expect(project.messages).toHaveLength(1);
      },
      async afterRetry() {
        const project = (await projectsRepo().get(arranged.id))!;
        expect(project.contentDeletedAt).toBe(arranged.deletesAt.toISOString());
        expect(project.history.filter((e) => e.type === 'content_deleted')).toHaveLength(1);
        // The repairs are due a few minutes on: the next run after them.
        await runDueTimers(context(), new Date(arranged.deletesAt.getTime() + 10 * 60_000));
        for (const fileId of arranged.fileIds) expect(await projectFilesRepo().read(arranged.id, fileId)).toBeNull();
        expect(await retentionTimers(arranged.id)).toEqual([]);
      },
    });
    expect(writes).toBeGreaterThanOrEqual(3);
  }, 600_000);
});

describe('the backfill of retention timers, for projects that ended before their ending set one', () => {
  let ids: string[];

  /** Three projects, two withdrawn, their retention timers gone as if they ended before there were any. */
  async function endedWithoutTimers() {
    forgetEditorLists();
    await seedDemoEditors();
    ({ projectIds: ids } = await paidOrder(
      family.idToken,
      selection({ services: [{ id: 'supplement-small', quantity: 3 }] }),
    ));
    for (const id of ids.slice(0, 2))
      expect((await act(family.idToken, id, 'withdraw', { version: 1 })).status).toBe(200);
    for (const id of ids) for (const timer of await retentionTimers(id)) await timersRepo().remove(timer.key);
  }
  const place = () => openStore('timers').get('backfill/retention', { type: 'json' });
  const kindsOf = async () => Promise.all(ids.map(async (id) => (await retentionTimers(id)).map((t) => t.kind)));

  it('sets them a page per run, then only reads its place; the run then deletes their content when due', async () => {
    blobs.reset();
    await endedWithoutTimers();
    expect(await kindsOf()).toEqual([[], [], []]);
    await backfillRetentionTimers(undefined, 2);
    expect(await place()).toMatchObject({ done: false });
    await backfillRetentionTimers(undefined, 2);
    expect(await place()).toEqual({ cursor: null, done: true });
    expect(await kindsOf()).toEqual([['retention'], ['retention'], []]);

    const deletesAt = contentDeletesAt((await projectsRepo().get(ids[0]))!)!;
    expect((await runDueTimers(context(), deletesAt)).failed).toBe(0);
    expect((await projectsRepo().get(ids[0]))!.contentDeletedAt).toBe(deletesAt.toISOString());
  });

  it('cut off at any write, the next run completes it', async () => {
    const twoRuns = async () => {
      try {
        await backfillRetentionTimers(undefined, 2);
        await backfillRetentionTimers(undefined, 2);
      } catch {
        /* storage failed: the next scheduled run goes on from its place */
      }
    };
    const writes = await walkFaults(blobs, {
      arrange: endedWithoutTimers,
      act: twoRuns,
      afterFault: () => {},
      async afterRetry() {
        expect(await place()).toEqual({ cursor: null, done: true });
        expect(await kindsOf()).toEqual([['retention'], ['retention'], []]);
      },
    });
    expect(writes).toBeGreaterThanOrEqual(3);
  }, 600_000);
});
