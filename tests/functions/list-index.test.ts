/**
 * The keys that find inquiries, consults, subscribers, waiting families and mails (storage/list-index.ts),
 * on the atomic store: after every flow they agree with the records, `npm run reindex`'s rebuild makes
 * the same keys from the records alone, a restore leaves them to be built again, and a flow cut by
 * storage at any write leaves no record without its keys once retried, and no word of a record it
 * removed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consultsRepo } from '#features/consults/server/consults.repo';
import { forgetMails } from '#features/privacy/server/forget-mails';
import { inquiriesRepo } from '#features/contact/server/inquiries.repo';
import { subscribersRepo } from '#features/contact/server/subscribers.repo';
import { outboxPage, rebuildOutboxIndex, sendMail } from '#server/core/mail';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { downloadBackup, restoreDownloaded } from '#server/backup/archive';
import { exportBackup } from '#server/backup/export';
import { restoreBackup } from '#server/backup/restore';
import { appendOnlyStore } from '#server/storage/append-only';
import { listKeys } from '#server/storage/paging';
import { openStore } from '#server/storage/stores';
import { waitlistRepo } from '#features/waitlist/server/waitlist.repo';
import { inquirySchema } from '#lib/schemas';
import { validInquiry } from '#tests/api-fixtures';
import { useAtomicBlobsServer } from '#tests/atomic-blobs-server';
import { walkFaults } from '#tests/fault-walk';
import { storeBooking } from '#tests/reports';

const blobs = useAtomicBlobsServer();
afterEach(() => vi.unstubAllEnvs());

const AT = new Date('2026-03-04T15:00:00.000Z');
const indexKeys = () => listKeys(openStore('indexes'));
const wordsOf = async (list: string) => (await indexKeys()).filter((key) => key.startsWith(`words/${list}/`));

/** Each list's rebuild from its records: what it had to write, and the stray keys it removed. */
const rebuildAll = async (removeStray = false) => ({
  inquiries: await inquiriesRepo().rebuildIndex(removeStray),
  consults: await consultsRepo().rebuildIndex(removeStray),
  subscribers: await subscribersRepo().rebuildIndex(removeStray),
  waitlist: await waitlistRepo().rebuildIndex(removeStray),
  outbox: await rebuildOutboxIndex(undefined, removeStray),
});
const nothingToDo = { written: 0, removed: 0 };

const addInquiry = async (parentName: string, email: string, at = AT) =>
  inquiriesRepo().add(await inquirySchema.parseAsync({ ...validInquiry, parentName, email }), at);
const join = (email: string) => waitlistRepo().join({ email, editorId: 'maya-chen', editorName: 'Maya Chen' }, AT);
const mail = (to: string) => sendMail({ kind: 'consult', to, subject: 'Your consult', text: 'Hello' }, undefined, AT);

describe('kept keys of the lists', () => {
  it('agree with the records after every flow, and the rebuild makes the same keys from the records', async () => {
    vi.stubEnv('SMTP_URL', '');
    blobs.reset();
    const kept = await addInquiry('Ines Ferreira-Lopes', 'ines@example.com');
    await inquiriesRepo().setHandled(kept.key, true, AT);
    const gone = await addInquiry('Gone Inquirer', 'gone@example.com');
    await inquiriesRepo().remove(gone.key);
    const booking = await storeBooking('2026-03-01T12:00:00.000Z', {
      name: 'Ines Ferreira',
      email: 'ines@example.com',
    });
    const found = (await consultsRepo().get(booking.id))!;
    await consultsRepo().update(found, { ...found.value, name: 'Ines F. Lopes' });
    await subscribersRepo().signUp('ines@example.com', AT);
    await subscribersRepo().subscribe('ines@example.com', AT);
    await subscribersRepo().subscribe('olu@example.com', AT);
    await join('ines@example.com');
    await join('gone@example.com');
    await waitlistRepo().remove('maya-chen', 'gone@example.com');
    await mail('ines@example.com');
    await mail('gone@example.com');
    await forgetMails(['gone@example.com'], [], AT);

    expect(await rebuildAll(true)).toEqual({
      inquiries: nothingToDo,
      consults: nothingToDo,
      subscribers: nothingToDo,
      waitlist: nothingToDo,
      outbox: nothingToDo,
    });
    const everyKey = await indexKeys();
    expect(everyKey.filter((key) => key.includes('gone'))).toEqual([]);
    expect(await wordsOf('consults')).toEqual(
      expect.arrayContaining([`words/consults/lopes/${booking.id}`, `words/consults/ines@example.com/${booking.id}`]),
    );
    expect((await wordsOf('consults')).some((key) => key.includes('/ferreira/'))).toBe(false);
    // An emptied mail keeps its kind, not its recipient.
    const [ines] = await outboxPage({ limit: 10 }, undefined, { to: 'INES@example.com' }).then((page) => page.items);
    expect(ines.value.to).toBe('ines@example.com');
    expect((await outboxPage({ limit: 10 }, undefined, { to: 'gone@example.com' })).items).toEqual([]);
    expect((await outboxPage({ limit: 10 }, undefined, { kind: 'consult' })).items).toHaveLength(2);
    expect(everyKey.filter((key) => key.startsWith('by/outbox/to/'))).toHaveLength(1);

    // The keys again, from the records alone.
    for (const key of everyKey) await openStore('indexes').delete(key);
    const rebuilt = await rebuildAll();
    expect(Object.values(rebuilt).reduce((sum, { written }) => sum + written, 0)).toBe(
      everyKey.filter((key) => !key.startsWith('complete/')).length,
    );
    expect(await indexKeys()).toEqual(everyKey);
  });

  it('are not backed up: after a restore the next search builds them from the records brought back', async () => {
    blobs.reset();
    const kept = await addInquiry('Restored Family', 'restored@example.com');
    await inquiriesRepo().withWords(['restored']); // marks the list's keys complete
    expect(await exportBackup({ now: new Date('2026-03-04T18:00:00.000Z') })).toMatchObject({ state: 'complete' });
    expect((await listKeys(openStore('backups'))).some((key) => key.includes('/indexes/'))).toBe(false);
    // Deleted since (its keys with it), then brought back as it was: the list's mark alone would say
    // every inquiry has its keys.
    await inquiriesRepo().remove(kept.key);
    expect(await indexKeys()).toContain('complete/inquiries-3');
    expect(await restoreBackup(undefined)).toHaveProperty('restored');
    expect((await inquiriesRepo().withWords(['restored'])).map((entry) => entry.key)).toEqual([kept.key]);
    expect(await indexKeys()).toContain('complete/inquiries-3');

    // The same from a downloaded copy.
    const file = joinPath(mkdtempSync(joinPath(tmpdir(), 'bcc-restore-')), 'site.jsonl.gz');
    await downloadBackup(file, undefined);
    await inquiriesRepo().remove(kept.key);
    expect(await restoreDownloaded(file)).toHaveProperty('restored');
    expect((await inquiriesRepo().withWords(['restored'])).map((entry) => entry.key)).toEqual([kept.key]);
  });

  it("of a record written once are the stored record's, when a retry brings another version of it", async () => {
    blobs.reset();
    const log = appendOnlyStore<{ name: string }>('outbox', undefined, {
      list: 'outbox',
      of: (key, value) => ({ id: key, fields: [value.name] }),
    });
    expect(await log.appendOnce('notice-1', { name: 'Kept Name' }, AT)).toBe(true);
    // The flow again, with what it now knows (a name emptied since): the first record stands, and so do its keys alone.
    expect(await log.appendOnce('notice-1', { name: 'Other Person' }, AT)).toBe(false);
    expect((await wordsOf('outbox')).map((key) => key.split('/')[2]).sort()).toEqual(['kept', 'name']);
  });

  it('are built by the first search where records were stored before them', async () => {
    vi.stubEnv('SMTP_URL', '');
    blobs.reset();
    const early = await addInquiry('Early Bird', 'early@example.com');
    for (const key of await indexKeys()) await openStore('indexes').delete(key);
    expect((await inquiriesRepo().withWords(['bird'])).map((entry) => entry.key)).toEqual([early.key]);
    expect(await indexKeys()).toContain('complete/inquiries-3');
  });
});

describe('a flow cut by storage at any write', () => {
  /** After the retry: every record has its keys (the rebuild writes none); in `list`, 'gone' left no key. */
  const complete = (list?: string) => async () => {
    for (const { written } of Object.values(await rebuildAll())) expect(written).toBe(0);
    if (list)
      expect((await indexKeys()).filter((key) => key.includes(`/${list}/`) && key.includes('gone'))).toEqual([]);
  };

  it.each<[string, () => Promise<unknown>]>([
    ['an inquiry', () => addInquiry('Cut Short', 'cut@example.com')],
    ['a sign-up', () => subscribersRepo().signUp('cut@example.com', AT)],
    ['a family joining a waitlist', () => join('cut@example.com')],
    ['a mail kept in the outbox', () => mail('cut@example.com')],
  ])(
    '%s: the retry leaves no record without its keys',
    async (_, act) => {
      vi.stubEnv('SMTP_URL', '');
      const writes = await walkFaults(blobs, {
        arrange: async () => {},
        act: () => act().catch(() => null),
        afterFault: () => {},
        afterRetry: complete(),
        indexes: true,
      });
      expect(writes).toBeGreaterThanOrEqual(3);
    },
    300_000,
  );

  it.each<[string, string, () => Promise<unknown>]>([
    ['an inquiry removed', 'inquiries', async () => inquiriesRepo().remove((await inquiriesRepo().list())[0].key)],
    ['a family taken off a waitlist', 'waitlist', () => waitlistRepo().remove('maya-chen', 'gone@example.com')],
    ["a closed account's mails emptied", 'outbox', () => forgetMails(['gone@example.com'], [], AT)],
  ])(
    '%s: no word of it is left once retried',
    async (_, list, act) => {
      vi.stubEnv('SMTP_URL', '');
      const writes = await walkFaults(blobs, {
        arrange: async () => {
          await addInquiry('Gone Inquirer', 'gone@example.com');
          await join('gone@example.com');
          await mail('gone@example.com');
        },
        act: () => act().catch(() => null),
        afterFault: () => {},
        afterRetry: complete(list),
        indexes: true,
      });
      expect(writes).toBeGreaterThanOrEqual(3);
    },
    300_000,
  );
});
