/**
 * The audit entry under storage that fails at any write (tests/helpers/fault-walk.ts): a change that
 * landed always has its entry (confirmed, or kept as not confirmed), the change is never answered as
 * failed because only its confirmation could not be written, and no entry claims a change that did
 * not land as confirmed.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import editorHandler from '../../netlify/functions/editor';
import { auditPage } from '../../netlify/server/core/audit-log';
import { editorsRepo, forgetEditorLists } from '../../src/features/editors/server/editors.repo';
import { storageMessages } from '../../src/lib/messages';
import { asAdmin } from '../helpers/admin-access';
import { editorInput } from '../helpers/api-fixtures';
import { useAtomicBlobsServer } from '../helpers/atomic-blobs-server';
import { walkFaults } from '../helpers/fault-walk';
import { call } from '../helpers/functions';

const blobs = useAtomicBlobsServer();

beforeAll(() => {
  // Each failure is logged with its reference; hundreds of them would bury the test's own output.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterAll(() => vi.restoreAllMocks());

describe('an admin changes an editor', () => {
  const input = editorInput('Fault Walk Editor');
  const changed = { ...input, college: 'Yale University' };
  let id: string;
  const save = async () =>
    call(editorHandler, `/api/database/editors/${id}`, {
      method: 'PUT',
      params: { id },
      headers: await asAdmin(),
      json: changed,
    });
  const college = async () => (await editorsRepo().get(id))?.college;
  const entriesOfTheChange = async () =>
    (await auditPage({ limit: 50 }, { subject: id })).items.filter((e) => e.after?.college === 'Yale University');

  it('a landed change has its entry; the answer is 200 or 503, and a retry leaves the change and its entry', async () => {
    const writes = await walkFaults(blobs, {
      async arrange() {
        forgetEditorLists();
        id = (await editorsRepo().createWithNewId(input)).id;
      },
      act: save,
      async afterFault(res, step) {
        if (res.status === 200) expect(await college(), step).toBe('Yale University');
        else expect(res.body, step).toEqual({ error: storageMessages.saveFailed });
        const entries = await entriesOfTheChange();
        if ((await college()) === 'Yale University')
          expect(entries.length, `${step}: the landed change has an entry`).toBeGreaterThanOrEqual(1);
        else
          expect(
            entries.filter((e) => e.confirmed),
            `${step}: no confirmed entry for a change that did not land`,
          ).toEqual([]);
        expect(entries.length).toBeLessThanOrEqual(1);
      },
      async afterRetry(res) {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(await college()).toBe('Yale University');
        const entries = await entriesOfTheChange();
        // One entry for the one change: the retry that finds it done adds none, and one whose first
        // attempt never landed is the confirmed one.
        expect(entries).toHaveLength(1);
        expect(entries[0]).toMatchObject({
          action: 'editor-changed',
          before: { college: input.college },
          by: 'boss@example.test',
        });
      },
    });
    expect(writes).toBeGreaterThanOrEqual(3);
  }, 300_000);
});
