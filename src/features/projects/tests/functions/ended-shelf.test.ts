/**
 * An editor's ended shelf comes a page at a time, the latest to end first: a page reads its own
 * projects, however many the editor ever finished.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Project } from '../../project';
import { projectsRepo } from '../../server/projects.repo';
import { useAtomicBlobsServer } from '#tests/atomic-blobs-server';
import { round, storePaidOrder, storeProject } from '#tests/reports';
import { openStore } from '#server/storage/stores';

const blobs = useAtomicBlobsServer();
const ENDED = 45;
const HOUR = 3_600_000;

/** The editor's history: ENDED projects made final an hour apart (the last the latest), and one still open. */
async function history(): Promise<string[]> {
  const ids: string[] = [];
  for (let n = 0; n < ENDED; n++) {
    const at = new Date(Date.parse('2025-06-01T15:00:00.000Z') + n * HOUR).toISOString();
    const order = await storePaidOrder(at, 10000);
    const project = await storeProject(order, (p) => ({
      ...p,
      state: 'final',
      rounds: [round(1, at, at)],
      history: [{ at, by: 'customer', actor: 'Ann', type: 'finalize', from: 'returned', to: 'final' }],
    }));
    ids.push(project.id);
  }
  await storeProject(await storePaidOrder('2025-09-01T15:00:00.000Z', 10000));
  return ids.reverse();
}

beforeEach(() => blobs.reset());

describe("an editor's ended shelf", () => {
  it('pages newest first, each page reading its own projects', async () => {
    const newestFirst = await history();
    const repo = projectsRepo();
    await repo.pageEnded('maya-chen', { limit: 1 }); // the first read after records stored without the keys builds them
    blobs.takeRequests();

    const seen: Project[] = [];
    let cursor: string | undefined;
    const sizes: number[] = [];
    do {
      const page = await repo.pageEnded('maya-chen', { limit: 20, ...(cursor && { cursor }) });
      const reads = blobs.takeRequests().filter((r) => r.method === 'GET' && r.key.startsWith('BCC-'));
      expect(reads.length).toBe(page.items.length);
      sizes.push(page.items.length);
      seen.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(sizes).toEqual([20, 20, 5]);
    expect(seen.map((p) => p.id)).toEqual(newestFirst);
    expect(await repo.pageEnded('sofia-ramirez', { limit: 20 })).toMatchObject({ items: [], nextCursor: null });
  });

  it('skips a key an interrupted change left for a project that did not end', async () => {
    const open = await storeProject(await storePaidOrder('2025-09-01T15:00:00.000Z', 10000));
    await openStore('projects').set(`by-editor-ended/maya-chen/2025-09-02T15:00:00.000Z-${open.id}`, '');
    expect((await projectsRepo().pageEnded('maya-chen', { limit: 20 })).items).toEqual([]);
  });
});
