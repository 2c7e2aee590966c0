/**
 * The structures kept beside the records (who signs in as an editor, the audit log by subject) are
 * rebuilt from the records by `npm run reindex`: a pointer the records do not back goes, a missing one
 * is written, and what stays agrees with the records.
 */
import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { rebuildAuditSubjects } from '../../netlify/server/core/audit-log';
import { openStore } from '../../netlify/server/storage/stores';
import { editorsRepo, forgetEditorLists } from '../../src/features/editors/server/editors.repo';
import { editorInput } from '../helpers/api-fixtures';
import { useAtomicBlobsServer } from '../helpers/atomic-blobs-server';

const blobs = useAtomicBlobsServer();
const digest = (text: string) => createHash('sha256').update(text).digest('hex');
const keysOf = async (store: 'editor-accounts' | 'audit-subjects') =>
  (await openStore(store).list()).blobs.map((b) => b.key).sort();

beforeEach(() => {
  blobs.reset();
  forgetEditorLists();
});

describe('npm run reindex', () => {
  it("rebuilds the editors' sign-in pointers from the editors", async () => {
    const repo = editorsRepo();
    const kept = await repo.createWithNewId({ ...editorInput('Kept Editor'), accountEmail: 'kept@example.test' });
    // Stored as an earlier version stored it: no pointer.
    const at = new Date().toISOString();
    await openStore('editors').setJSON('old-editor', {
      id: 'old-editor',
      ...editorInput('Old Editor'),
      accountEmail: 'old@example.test',
      createdAt: at,
      updatedAt: at,
    });
    // A pointer the records do not back.
    await openStore('editor-accounts').setJSON(digest('gone@example.test'), { editorId: kept.id });

    expect(await repo.rebuildAccounts()).toEqual({ written: 1, removed: 1 });
    expect(await keysOf('editor-accounts')).toEqual(
      [digest('kept@example.test'), digest('old@example.test'), 'complete'].sort(),
    );
    forgetEditorLists();
    expect((await repo.findByAccount('old@example.test'))?.id).toBe('old-editor');
    expect(await repo.findByAccount('gone@example.test')).toBeNull();
    // Run again, it finds nothing to do.
    expect(await repo.rebuildAccounts()).toEqual({ written: 0, removed: 0 });
  });

  it("rebuilds the audit log's index (subject, action, admin, the whole log) from the entries", async () => {
    const audit = openStore('audit');
    const entry = (id: string) => ({
      at: '2026-01-01T00:00:00.000Z',
      by: { uid: 'a', email: 'a@example.test' },
      action: 'editor-changed',
      subject: { kind: 'editor', id },
      before: { college: 'A' },
      after: { college: 'B' },
      confirmed: true,
    });
    await audit.setJSON('2026-01-01T00:00:00.000Z-00000001', entry('one'));
    await audit.setJSON('2026-01-02T00:00:00.000Z-00000002', entry('two'));
    await openStore('audit-subjects').set(`${digest('one')}/2026-01/2026-01-01T00:00:00.000Z-00000001`, '');
    await openStore('audit-subjects').set(`${digest('three')}/2026-01/2026-01-03T00:00:00.000Z-00000003`, '');

    // Each entry's subject, action, admin and the whole log, in month folders: seven missing, the stray one removed.
    expect(await rebuildAuditSubjects()).toEqual({ written: 7, removed: 1 });
    const admin = digest('a@example.test');
    expect(await keysOf('audit-subjects')).toEqual(
      [
        `${digest('one')}/2026-01/2026-01-01T00:00:00.000Z-00000001`,
        `${digest('two')}/2026-01/2026-01-02T00:00:00.000Z-00000002`,
        'action/editor-changed/2026-01/2026-01-01T00:00:00.000Z-00000001',
        'action/editor-changed/2026-01/2026-01-02T00:00:00.000Z-00000002',
        `admin/${admin}/2026-01/2026-01-01T00:00:00.000Z-00000001`,
        `admin/${admin}/2026-01/2026-01-02T00:00:00.000Z-00000002`,
        'all/2026-01/2026-01-01T00:00:00.000Z-00000001',
        'all/2026-01/2026-01-02T00:00:00.000Z-00000002',
        'complete-3',
      ].sort(),
    );
    expect(await rebuildAuditSubjects()).toEqual({ written: 0, removed: 0 });
  });
});
