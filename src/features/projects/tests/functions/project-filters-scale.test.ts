/**
 * The owner's project filters read the projects they could match, not every project: a state's page
 * reads that page, a late round is looked for among the rounds with editors, an editor's among theirs,
 * and the reviews tab reads its newest month of reviews.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { openRound, ROUND_OPEN_STATES } from '../../process';
import type { Project } from '../../project';
import { projectsRepo } from '../../server/projects.repo';
import { useAtomicBlobsServer } from '#tests/atomic-blobs-server';
import { round, storePaidOrder, storeProject } from '#tests/reports';

const blobs = useAtomicBlobsServer();
const HISTORY = 60;
const NOW = new Date('2026-03-10T15:00:00.000Z');

/** Last year's finished and reviewed projects, two awaiting a draft, and one round late with Sofia. */
async function seed() {
  for (let n = 0; n < HISTORY; n++) {
    const at = new Date(Date.parse('2025-03-01T15:00:00.000Z') + n * 86_400_000).toISOString();
    // Each reviewed by its editor the day it ended.
    await storeProject(await storePaidOrder(at, 10000), (p) => ({
      ...p,
      state: 'final',
      reviews: { editor: { at, score: 5, text: 'A pleasure.' } },
    }));
  }
  const waiting = [
    await storeProject(await storePaidOrder('2026-03-01T15:00:00.000Z', 10000)),
    await storeProject(await storePaidOrder('2026-03-02T15:00:00.000Z', 10000)),
  ];
  const late = await storeProject(
    await storePaidOrder('2026-03-03T15:00:00.000Z', 10000, {}, { id: 'sofia-ramirez', name: 'Sofia Ramirez' }),
    (p) => ({ ...p, state: 'submitted', rounds: [round(1, '2026-03-03T16:00:00.000Z', null)] }),
  );
  return { waiting, late };
}

const projectReads = () =>
  blobs.takeRequests().filter((r) => r.method === 'GET' && r.store.endsWith('projects') && /^BCC-/.test(r.key));

beforeEach(() => blobs.reset());

describe("the owner's project filters", () => {
  it('read what they could match, however many projects ended before', async () => {
    const { waiting, late } = await seed();
    const repo = projectsRepo();
    const all = (p: Project) => Boolean(p);
    await repo.pageFiltered({ limit: 1 }, { state: 'awaiting_draft' }, all); // builds the keys, once
    blobs.takeRequests();

    const byState = await repo.pageFiltered(
      { limit: 20 },
      { state: 'awaiting_draft' },
      (p) => p.state === 'awaiting_draft',
    );
    expect(byState.items.map((p) => p.id)).toEqual([waiting[1].id, waiting[0].id]);
    expect(byState.total).toBe(2);
    expect(projectReads()).toHaveLength(2);

    const lateOnes = await repo.pageFiltered({ limit: 20 }, { states: ROUND_OPEN_STATES }, (p) =>
      Boolean(openRound(p, NOW)?.late),
    );
    expect(lateOnes.items.map((p) => p.id)).toEqual([late.id]);
    expect(projectReads()).toHaveLength(1);

    const sofias = await repo.pageFiltered(
      { limit: 20 },
      { editorId: 'sofia-ramirez' },
      (p) => p.editor.id === 'sofia-ramirez',
    );
    expect(sofias.items.map((p) => p.id)).toEqual([late.id]);
    const sofiasRequests = blobs.takeRequests();
    expect(sofiasRequests.filter((r) => r.method === 'GET' && /^BCC-/.test(r.key))).toHaveLength(1);
    expect(sofiasRequests.flatMap((r) => (r.listed === undefined ? [] : [r.listed]))).toEqual([
      'by-editor-created/sofia-ramirez/ (folders)',
      'by-editor-created/sofia-ramirez/2026-03/',
    ]);

    // The reviews, newest first: April's 29 hold a page of 20 and the key after it.
    const reviewed = await repo.pageReviewed({ limit: 20 }, undefined, () => true);
    expect(reviewed).toMatchObject({ total: null, nextCursor: expect.any(String) });
    expect(reviewed.items.map((p) => p.reviews?.editor?.at)).toEqual(
      [...reviewed.items.map((p) => p.reviews!.editor!.at)].sort().reverse(),
    );
    const reviewRequests = blobs.takeRequests();
    expect(reviewRequests.filter((r) => r.method === 'GET' && /^BCC-/.test(r.key))).toHaveLength(20);
    expect(reviewRequests.flatMap((r) => (r.listed === undefined ? [] : [r.listed]))).toEqual([
      'by-reviewed/ (folders)',
      'by-reviewed/2025-04/',
    ]);

    // A state whose history is long pages it, newest month first: one page read, the state's months
    // listed and its newest month's keys (April's 29 hold the page and the key after it), uncounted.
    const finals = await repo.pageFiltered({ limit: 20 }, { state: 'final' }, (p) => p.state === 'final');
    expect(finals).toMatchObject({ total: null, nextCursor: expect.any(String) });
    expect(finals.items).toHaveLength(20);
    const requests = blobs.takeRequests();
    expect(requests.filter((r) => r.method === 'GET' && /^BCC-/.test(r.key))).toHaveLength(20);
    expect(requests.flatMap((r) => (r.listed === undefined ? [] : [r.listed]))).toEqual([
      'by-state/final/ (folders)',
      'by-state/final/2025-04/',
    ]);
  });
});
