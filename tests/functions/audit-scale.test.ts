/**
 * The audit log as it grows: an admin action, the log of one subject and the whole log's newest page
 * read what they need, not the whole log. 1,500 entries of last year stand for a long history (a listing request covers 1,000 keys,
 * so reading them all would take at least two listings and 1,500 reads).
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import editorHandler from '../../netlify/functions/editor';
import { auditPage } from '../../netlify/server/core/audit-log';
import { editorsRepo, forgetEditorLists } from '../../src/features/editors/server/editors.repo';
import { asAdmin } from '../helpers/admin-access';
import { editorInput } from '../helpers/api-fixtures';
import { useAtomicBlobsServer } from '../helpers/atomic-blobs-server';
import { call } from '../helpers/functions';
import { openStore } from '../../netlify/server/storage/stores';

const blobs = useAtomicBlobsServer();
const HISTORY = 1500;
const input = editorInput('Scale Editor');
let id: string;

/** Last year's entries, each about an editor of its own, written as the log writes them. */
async function history() {
  const audit = openStore('audit');
  const at = Date.parse('2025-03-01T12:00:00.000Z');
  for (let start = 0; start < HISTORY; start += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, HISTORY - start) }, (_, k) => {
        const n = start + k;
        const time = new Date(at + n * 60_000).toISOString();
        return audit.setJSON(`${time}-${n.toString(16).padStart(8, '0')}`, {
          at: time,
          by: { uid: 'old-admin', email: 'old@example.test' },
          action: 'editor-changed',
          subject: { kind: 'editor', id: `old-editor-${n % 50}` },
          before: { college: 'A' },
          after: { college: 'B' },
          confirmed: true,
        });
      }),
    );
  }
}

const save = async (college: string) =>
  call(editorHandler, `/api/database/editors/${id}`, {
    method: 'PUT',
    params: { id },
    headers: await asAdmin(),
    json: { ...input, college },
  });

const auditRequests = (requests: { method: string; store: string }[]) =>
  requests.filter((r) => r.store.endsWith('audit') || r.store.endsWith('audit-subjects'));

beforeAll(async () => {
  await asAdmin();
});

beforeEach(async () => {
  blobs.reset();
  forgetEditorLists();
  await history();
  id = (await editorsRepo().createWithNewId(input)).id;
  blobs.takeRequests();
});

describe('the audit log as it grows', () => {
  it('an admin action asks the log a handful of things, whatever its length', async () => {
    expect((await save('Yale University')).status).toBe(200);
    const asked = auditRequests(blobs.takeRequests());
    expect(asked.length, JSON.stringify(asked)).toBeLessThanOrEqual(8);
  });

  it("one subject's log reads that subject's entries, newest first, and finds last year's", async () => {
    await save('Yale University');
    await save('Harvard University');
    // The first read after entries written without the index builds it, once.
    await auditPage({ limit: 20 }, { subject: 'old-editor-7' });
    blobs.takeRequests();

    const mine = await auditPage({ limit: 20 }, { subject: id });
    expect(mine.items.map((e) => e.after?.college)).toEqual(['Harvard University', 'Yale University']);
    expect(auditRequests(blobs.takeRequests()).length).toBeLessThanOrEqual(6);

    const old = await auditPage({ limit: 20 }, { subject: 'old-editor-7' });
    expect(old.items).toHaveLength(20);
    expect(old.items.every((e) => e.subject.id === 'old-editor-7')).toBe(true);
    expect(old.items[0].at > old.items[19].at).toBe(true);
    expect(auditRequests(blobs.takeRequests()).length).toBeLessThanOrEqual(25);
    expect(old.total).toBeNull(); // 30 entries: more than a page, uncounted
  });

  it("the whole log's newest page lists its newest month, not last year's", async () => {
    await save('Yale University');
    await save('Harvard University');
    await auditPage({ limit: 1 }, {}); // builds the index, once
    blobs.takeRequests();
    const newest = await auditPage({ limit: 1 }, {});
    expect(newest.items.map((e) => e.after?.college)).toEqual(['Harvard University']);
    const listed = blobs.takeRequests().flatMap((r) => (r.listed === undefined ? [] : [r.listed]));
    expect(listed).toEqual(['all/ (folders)', `all/${newest.items[0].at.slice(0, 7)}/`]);
  });
});
