/**
 * GET /api/admin/backups: what /admin says of the backups, for admins only: nothing yet, the first
 * copy under way, then how far the copies reach and the last rehearsal, each read from what the
 * backup runs wrote.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import handler from '../../netlify/functions/admin-backups';
import { exportBackup } from '../../netlify/server/backup/export';
import { rehearseRestore } from '../../netlify/server/backup/rehearsal';
import { setJournalClock } from '../../netlify/server/storage/journal';
import { openStore } from '../../netlify/server/storage/stores';
import { asAdmin, itRefusesAllButAdmins } from '../helpers/admin-access';
import { call, clearStore } from '../helpers/functions';

const PATH = '/api/admin/backups';
const at = (iso: string) => new Date(`2026-11-24T${iso}:00.000Z`);

describe('GET /api/admin/backups', () => {
  beforeAll(async () => {
    await Promise.all(['backups', 'journal', 'subscribers'].map(clearStore));
  });
  afterAll(() => setJournalClock(null));

  itRefusesAllButAdmins((headers) => call(handler, PATH, { headers }));

  it('says there is nothing yet, then how far the copies reach and the last rehearsal', async () => {
    const headers = await asAdmin();
    expect((await call(handler, PATH, { headers })).body).toEqual({ backup: null, rehearsal: null });

    setJournalClock(() => at('02:10').getTime());
    await openStore('subscribers').setJSON('one%40example.com', { email: 'one@example.com' });
    await exportBackup({ now: at('02:30') });
    await exportBackup({ now: at('03:20') });
    await rehearseRestore({ now: at('03:40') });
    const { status, body } = await call(handler, PATH, { headers });
    expect(status).toBe(200);
    expect(body).toEqual({
      backup: {
        firstCopyAt: expect.any(String),
        keptUntil: '2026-11-24T03:00:00.000Z',
        oldestPoint: '2026-11-24T03:00:00.000Z',
        last: { at: expect.any(String), copied: 1, gone: 0, bytes: expect.any(Number) },
        firstCopy: { blobs: expect.any(Number), bytes: expect.any(Number) },
      },
      rehearsal: {
        point: '2026-11-24T03:00:00.000Z',
        finishedAt: at('03:40').toISOString(),
        blobs: expect.any(Number),
        problems: [],
      },
    });
    expect(body.backup.last.bytes).toBe(JSON.stringify({ email: 'one@example.com' }).length);
  });
});
