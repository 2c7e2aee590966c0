/**
 * The journal of changes (netlify/server/storage/journal.ts), against the in-memory Blobs server: every
 * write and delete of a backed-up blob names it in its hour first; a journal that cannot be written
 * stops the write with the caller told; what the records rebuild, the stores no backup copies and a
 * restore's own writes are not journaled.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { setStorageLimits } from '../../netlify/server/storage/budget';
import { StorageError } from '../../netlify/server/storage/error';
import { setJournalClock } from '../../netlify/server/storage/journal';
import { listKeys } from '../../netlify/server/storage/paging';
import { openStore } from '../../netlify/server/storage/stores';
import { useAtomicBlobsServer } from '../helpers/atomic-blobs-server';

const AT = Date.parse('2026-11-24T03:10:00.000Z');
const HOUR = '2026-11-24T03';

describe('the journal', () => {
  const blobs = useAtomicBlobsServer();
  afterEach(() => {
    blobs.setFaults(null);
    blobs.reset();
    setJournalClock(null);
    setStorageLimits(null);
  });

  it('names each write and delete in its hour, before the blob is written', async () => {
    setJournalClock(() => AT);
    const orders = openStore('orders');
    blobs.takeRequests();
    await orders.setJSON('BCC-AAAAAA', { id: 'BCC-AAAAAA' });
    await openStore('files').set('BCC-AAAAAA-1/file', 'bytes');
    await openStore('subscribers').delete('someone%40example.com');
    const writes = blobs.takeRequests().filter((r) => r.method !== 'GET');
    expect(writes).toEqual([
      { method: 'PUT', store: 'site:journal', key: `${HOUR}/orders/BCC-AAAAAA` },
      { method: 'PUT', store: 'site:orders', key: 'BCC-AAAAAA' },
      { method: 'PUT', store: 'site:journal', key: `${HOUR}/files/BCC-AAAAAA-1/file` },
      { method: 'PUT', store: 'site:files', key: 'BCC-AAAAAA-1/file' },
      { method: 'PUT', store: 'site:journal', key: `${HOUR}/subscribers/someone%40example.com` },
      { method: 'DELETE', store: 'site:subscribers', key: 'someone%40example.com' },
    ]);
    // A deploy context's stores keep a journal of their own.
    await openStore('orders', { deploy: { context: 'deploy-preview' } }).setJSON('BCC-BBBBBB', {});
    expect(await listKeys(openStore('journal', { deploy: { context: 'deploy-preview' } }))).toEqual([
      `${HOUR}/orders/BCC-BBBBBB`,
    ]);
  });

  it('names a blob written again within the hour once, and again in the next hour', async () => {
    let now = AT;
    setJournalClock(() => now);
    const orders = openStore('orders');
    blobs.takeRequests();
    await orders.setJSON('BCC-AAAAAA', { status: 'paid' });
    await orders.setJSON('BCC-AAAAAA', { status: 'refunded' });
    now = AT + 60 * 60 * 1000;
    await orders.delete('BCC-AAAAAA');
    const journal = blobs.takeRequests().filter((r) => r.method === 'PUT' && r.store === 'site:journal');
    expect(journal.map((r) => r.key)).toEqual([`${HOUR}/orders/BCC-AAAAAA`, '2026-11-24T04/orders/BCC-AAAAAA']);
  });

  it('a journal that cannot be written stops the write, and the caller is told', async () => {
    // Tries short enough that a held connection costs a fraction of a second.
    setStorageLimits({ tries: 2, tryTimeoutMs: 400, pausesMs: [5] });
    for (const fault of [503, 'timeout', 'lost-answer'] as const) {
      blobs.setFaults({ fault, at: 1, journal: true });
      await expect(openStore('orders').setJSON('BCC-AAAAAA', { id: 'BCC-AAAAAA' })).rejects.toBeInstanceOf(
        StorageError,
      );
      await expect(openStore('orders').delete('BCC-CCCCCC')).rejects.toBeInstanceOf(StorageError);
      blobs.setFaults(null);
      expect(await listKeys(openStore('orders')), String(fault)).toEqual([]);
    }
  });

  it('leaves out what the records rebuild, the stores no backup copies, and unjournaled writes', async () => {
    await openStore('orders').set('by-day/2026-11-24/BCC-AAAAAA', '');
    await openStore('projects').set('by-state/final/2026-11-24-BCC-AAAAAA-1', '');
    await openStore('consults').set('booked/2026-11-24/abc', '');
    await openStore('limits').setJSON('contact/1.2.3.4', { count: 1 });
    await openStore('report-days').setJSON('figures/2026-11-24', {});
    await openStore('backups').set('hours/2026-11-24T03/orders/BCC-AAAAAA', '');
    await openStore('orders', undefined, { unjournaled: true }).setJSON('BCC-AAAAAA', {});
    expect(await listKeys(openStore('journal'))).toEqual([]);
  });
});
