/**
 * Backups (netlify/server/backup/): a site with every kind of record, made through the real
 * endpoints, is exported, wiped and restored against the local Blobs server, and reads the same:
 * records, files byte for byte with their metadata, and timers still due, which still act. A second
 * export the same day does nothing; a run out of time leaves no manifest and the next one finishes
 * without copying anything twice; retention keeps BACKUPS_KEPT; a restore refuses a store that holds
 * other blobs. Against storage that fails at any write, an export never writes a manifest for an
 * incomplete copy nor leaves a manifest without its copies, and a restore run again completes.
 */
import { reviewsRepo } from '../../netlify/server/reviews/reviews.repo';
import { draftTextsRepo } from '../../netlify/server/essay/draft-texts.repo';
import { beforeAll, describe, expect, it } from 'vitest';
import availabilityHandler from '../../netlify/functions/admin-consult-availability';
import contactHandler from '../../netlify/functions/contact';
import ordersHandler from '../../netlify/functions/orders';
import projectsHandler from '../../netlify/functions/projects';
import subscribeHandler from '../../netlify/functions/subscribe';
import uploadsHandler from '../../netlify/functions/uploads';
import { attentionRepo, tellOwner } from '../../netlify/server/core/attention';
import { auditPage } from '../../netlify/server/core/audit-log';
import { readCatalog } from '../../netlify/server/backup/catalog';
import { exportBackup } from '../../netlify/server/backup/export';
import {
  BACKED_UP_STORES,
  BACKUPS_KEPT,
  isBackedUpKey,
  manifestKey,
  storePrefix,
  type Manifest,
} from '../../netlify/server/backup/layout';
import { restoreBackup, type RestoreResult } from '../../netlify/server/backup/restore';
import { consultsRepo } from '../../src/features/consults/server/consults.repo';
import { customersRepo } from '../../src/features/orders/server/customers.repo';
import { projectFilesRepo } from '../../netlify/server/essay/files';
import { projectsRepo } from '../../src/features/projects/server/projects.repo';
import { ordersRepo } from '../../src/features/orders/server/orders.repo';
import { runDueTimers } from '#server/jobs/timers';
import { editorsRepo, forgetEditorLists } from '../../src/features/editors/server/editors.repo';
import { inquiriesRepo } from '../../netlify/server/contact/inquiries.repo';
import { listOutbox } from '../../netlify/server/core/mail';
import { listKeys } from '../../netlify/server/storage/paging';
import { openStore } from '../../netlify/server/storage/stores';
import { subscribersRepo } from '../../netlify/server/contact/subscribers.repo';
import { timersRepo } from '../../netlify/server/core/timers';
import { uploadKeyOf, uploadsRepo } from '../../src/features/editors/server/uploads';
import { waitlistRepo } from '../../netlify/server/waitlist/waitlist.repo';
import { DEFAULT_AVAILABILITY } from '../../src/features/consults/consult-availability';
import { HOUR_MS } from '../../src/lib/time';
import { asAdmin } from '../helpers/admin-access';
import { openOrder, validInquiry } from '../helpers/api-fixtures';
import { useAtomicBlobsServer } from '../helpers/atomic-blobs-server';
import { bearer, createUser } from '../helpers/auth-emulator';
import { arrangeBooking } from '../helpers/consults';
import { PDF } from '../helpers/documents';
import { walkFaults } from '../helpers/fault-walk';
import { call, clearStore, context } from '../helpers/functions';
import { PNG_1x1 } from '../helpers/images';
import { FULL_EDITOR, resetOrderingStores, selection } from '../helpers/orders';
import { act, paidOrder, upload } from '../helpers/projects';

const NOW = new Date('2026-11-24T03:00:00.000Z');
const DATE = '2026-11-24';
const FAR_FUTURE = new Date('2100-01-01T00:00:00Z');

/** The day `days` after NOW's, as a backup date. */
const dayAfter = (days: number) => new Date(NOW.getTime() + days * 24 * HOUR_MS).toISOString().slice(0, 10);

/** Every blob of every backed-up store, by store and key: its bytes (base64) and metadata. */
/** Every blob of the backed-up stores (with `all`, the keys the records rebuild too). */
async function storedBlobs({ all = false } = {}) {
  const site: Record<string, Record<string, { bytes: string; metadata: Record<string, unknown> }>> = {};
  for (const name of BACKED_UP_STORES) {
    const store = openStore(name);
    site[name] = {};
    for (const key of (await listKeys(store)).filter((key) => all || isBackedUpKey(name, key))) {
      const found = (await store.getWithMetadata(key, { type: 'arrayBuffer' }))!;
      site[name][key] = { bytes: Buffer.from(found.data).toString('base64'), metadata: found.metadata };
    }
  }
  return site;
}

const blobCount = (site: Awaited<ReturnType<typeof storedBlobs>>) =>
  Object.values(site).reduce((sum, blobs) => sum + Object.keys(blobs).length, 0);

/** The dates the backups store holds copies of, newest first (the local server lists emptied folders too). */
async function datesWithCopies() {
  const backups = openStore('backups');
  const { folders } = await readCatalog(backups);
  const held = await Promise.all(
    folders.map(async (date) => ((await listKeys(backups, { prefix: `${date}/` })).length > 0 ? [date] : [])),
  );
  return held.flat();
}

async function wipeSite() {
  await Promise.all(BACKED_UP_STORES.map(clearStore));
  forgetEditorLists();
}

const restored = (result: RestoreResult) => {
  if (!('restored' in result)) throw new Error(`Refused: ${JSON.stringify(result.refused)}`);
  return result.restored;
};

describe('export, wipe, restore, on the local Blobs server', () => {
  let customer: Awaited<ReturnType<typeof createUser>>;
  const site = { projectId: '', fileId: '', uploadKey: '', bookingId: '', submittedAt: 0 };

  /** What the site shows and does with its records, as its endpoints and repositories read them. */
  async function readSite() {
    const files = projectFilesRepo();
    return {
      orders: (await call(ordersHandler, '/api/orders', { headers: bearer(customer.idToken) })).body,
      projects: (await call(projectsHandler, '/api/projects', { headers: bearer(customer.idToken) })).body,
      file: {
        described: await files.describe(site.projectId, site.fileId),
        bytes: Buffer.from((await files.read(site.projectId, site.fileId))!),
      },
      photo: Buffer.from((await uploadsRepo().get(site.uploadKey))!.bytes),
      owned: await customersRepo().get(customer.uid),
      inquiries: await inquiriesRepo().list(),
      subscribers: await subscribersRepo().list(),
      waitlist: await waitlistRepo().counts(),
      consult: (await consultsRepo().get(site.bookingId))?.value,
      outbox: await listOutbox(undefined, 500),
      timers: await timersRepo().due(FAR_FUTURE),
      editors: await editorsRepo().list({ fresh: true }),
      audit: await auditPage({ limit: 200 }, undefined),
      attention: await attentionRepo().page({ limit: 200 }),
    };
  }

  beforeAll(async () => {
    await Promise.all([...BACKED_UP_STORES, 'backups'].map(clearStore));
    await resetOrderingStores();
    customer = await createUser();
    // A paid order with an add-on (test checkout through the webhook's code: events, customers,
    // projects, timers, mail), a draft submitted as a file, and an order left unpaid (its expiry timer).
    const { projectIds } = await paidOrder(
      customer.idToken,
      selection({ services: [{ id: 'supplement-small', quantity: 1 }], addOns: ['community'] }),
    );
    site.projectId = projectIds[0];
    const file = (await upload(customer.idToken, site.projectId, PDF, 'Why us.pdf')).body;
    site.fileId = file.id;
    const submitted = await act(customer.idToken, site.projectId, 'submit', {
      version: 1,
      prompt: 'Why us?',
      draft: { kind: 'file', fileId: file.id },
    });
    expect(submitted.status).toBe(200);
    site.submittedAt = Date.parse(submitted.body.rounds[0].submittedAt);
    await openOrder(customer.idToken);
    // An editor's photo, an inquiry, a subscriber, a waitlist entry and a consult.
    const photo = await call(uploadsHandler, '/api/uploads', {
      method: 'POST',
      body: PNG_1x1,
      headers: { ...(await asAdmin()), 'content-type': 'image/png' },
    });
    site.uploadKey = uploadKeyOf(photo.body.url)!;
    expect((await call(contactHandler, '/api/contact', { method: 'POST', json: validInquiry })).status).toBe(200);
    expect(
      (
        await call(subscribeHandler, '/api/database/subscribe', {
          method: 'POST',
          json: { email: 'reader+news@example.com' },
        })
      ).status,
    ).toBe(200);
    // Only a confirmed address waits: as its owner's link would, straight in the list.
    await waitlistRepo().join({ email: 'waiting@example.com', editorId: FULL_EDITOR, editorName: FULL_EDITOR });
    site.bookingId = (await arrangeBooking()).id;
    // An admin action in the audit log, and an event the owner was told of.
    const hours = {
      ...DEFAULT_AVAILABILITY,
      weekly: { ...DEFAULT_AVAILABILITY.weekly, sat: [{ start: '10:00', end: '12:00' }] },
    };
    expect(
      (
        await call(availabilityHandler, '/api/admin/consult-availability', {
          method: 'PUT',
          headers: await asAdmin(),
          json: hours,
        })
      ).status,
    ).toBe(200);
    await tellOwner({
      id: 'refund-failed-BCC-BACKUP-admin-x',
      at: NOW,
      kind: 'refund-failed',
      orderId: 'BCC-BACKUP',
      subject: 'A refund failed',
      lines: ['A refund failed.'],
    });
    // An uploaded draft's text.
    await draftTextsRepo().save('BCC-BACKUP-1', '00000000-0000-4000-8000-000000000001', {
      status: 'ready',
      blocks: [{ kind: 'p', text: 'My essay.' }],
    });
    // A review published on an editor's profile.
    await reviewsRepo().put('maya-chen', {
      projectId: 'BCC-BACKUP-1',
      publishedAt: NOW.toISOString(),
      student: { firstName: 'Sam', grade: '12' },
      service: 'Supplemental Essay Help (Small)',
      scores: { feedback: 5, communication: 5, onTime: 4 },
      overall: 4.7,
      text: 'Clear notes.',
      reply: null,
    });
  }, 120_000);

  it('brings a wiped site back as it was: records, files byte for byte with metadata, timers still due and acting', async () => {
    const everything = await storedBlobs({ all: true });
    const before = await storedBlobs();
    for (const name of BACKED_UP_STORES)
      expect(Object.keys(before[name]).length, `${name} holds something to back up`).toBeGreaterThan(0);
    expect(before.files[`${site.projectId}/${site.fileId}`].metadata).toMatchObject({
      name: 'Why us.pdf',
      kind: 'pdf',
    });
    const read = await readSite();
    expect(read.timers.map((t) => t.kind)).toEqual(expect.arrayContaining(['ack', 'expire']));

    const summary = await exportBackup({ now: NOW });
    expect(summary).toEqual({ date: DATE, state: 'complete', copied: blobCount(before), pruned: [] });
    const manifest = (await openStore('backups').get(manifestKey(DATE), { type: 'json' })) as Manifest;
    expect(manifest.stores).toEqual(
      Object.fromEntries(BACKED_UP_STORES.map((name) => [name, { blobs: Object.keys(before[name]).length }])),
    );

    await wipeSite();
    expect(blobCount(await storedBlobs())).toBe(0);

    const stores = restored(await restoreBackup(DATE));
    for (const report of stores)
      expect(report).toMatchObject({ written: report.blobs, alreadyThere: 0, differing: [], missing: [] });
    expect(await storedBlobs()).toEqual(before);
    expect(await readSite()).toEqual(read);
    // The keys kept beside the records were not copied: the records rebuild them, as they were.
    const kept = (site: Awaited<ReturnType<typeof storedBlobs>>) =>
      Object.fromEntries(
        Object.entries(site).map(([name, blobs]) => [
          name,
          Object.keys(blobs).filter((key) => !key.startsWith('changed/') && !key.endsWith('-complete')),
        ]),
      );
    await Promise.all([ordersRepo().rebuildKept(), projectsRepo().rebuildKept(), consultsRepo().rebuildBooked()]);
    expect(kept(await storedBlobs({ all: true }))).toEqual(kept(everything));

    // The 20-hour acknowledgement reminder of the restored draft still fires, once.
    const pending: Promise<unknown>[] = [];
    const run = await runDueTimers(context({}, pending), new Date(site.submittedAt + 20 * HOUR_MS + 60_000));
    await Promise.all(pending);
    expect(run.failed).toBe(0);
    expect((await projectsRepo().get(site.projectId))!.history.filter((e) => e.type === 'ack_reminder')).toHaveLength(
      1,
    );
  }, 120_000);

  it('a second export the same day changes nothing', async () => {
    const backups = openStore('backups');
    const held = await backups.list();
    expect(await exportBackup({ now: new Date(NOW.getTime() + 20 * HOUR_MS) })).toEqual({
      date: DATE,
      state: 'complete',
      copied: 0,
      pruned: [],
    });
    expect(await backups.list()).toEqual(held);
  });

  it('a restore run again after it stopped midway completes it, and reports blobs that differ', async () => {
    await wipeSite();
    const projects = openStore('projects');
    await restoreBackup(DATE); // a whole restore, then undo part of it: as if it had stopped there
    const keys = await listKeys(projects);
    await Promise.all(keys.slice(1).map((key) => projects.delete(key)));
    const [changed] = keys;
    await projects.set(changed, 'not what was backed up');
    const again = restored(await restoreBackup(DATE)).find((r) => r.store === 'projects')!;
    expect(again).toEqual({
      store: 'projects',
      blobs: keys.length,
      written: keys.length - 1,
      alreadyThere: 0,
      differing: [changed],
      missing: [],
    });
    const others = restored(await restoreBackup(DATE)).filter((r) => r.store !== 'projects');
    for (const report of others)
      expect(report).toMatchObject({ written: 0, alreadyThere: report.blobs, differing: [] });
  });

  it('refuses a store that holds blobs not in the backup, naming it and writing nothing; --merge adds what is missing', async () => {
    await wipeSite();
    await openStore('subscribers').setJSON('someone%40example.com', {
      email: 'someone@example.com',
      enabled: true,
      subscribedAt: NOW.toISOString(),
    });
    await openStore('orders').set('stray', '');
    expect(await restoreBackup(DATE)).toEqual({
      refused: [
        { store: 'subscribers', foreign: 1 },
        { store: 'orders', foreign: 1 },
      ],
    });
    expect(await listKeys(openStore('projects'))).toEqual([]);
    const merged = restored(await restoreBackup(DATE, { merge: true }));
    expect(merged.every((r) => r.missing.length === 0 && r.differing.length === 0)).toBe(true);
    expect(await listKeys(openStore('subscribers'))).toContain('someone%40example.com');
  });

  it('refuses a backup that is not there or not whole', async () => {
    await expect(restoreBackup('2026-01-01')).rejects.toThrow('There is no complete backup of 2026-01-01.');
    const backups = openStore('backups');
    const [copy] = await listKeys(backups, { prefix: storePrefix(DATE, 'editors') });
    await backups.delete(copy);
    await expect(restoreBackup(DATE)).rejects.toThrow(
      /^The backup of 2026-11-24 holds \d+ of the \d+ blobs of editors it recorded\.$/,
    );
  });
});

describe('time and retention', () => {
  beforeAll(async () => {
    await Promise.all([...BACKED_UP_STORES, 'backups'].map(clearStore));
    await resetOrderingStores();
  });

  it('a run out of time leaves no manifest, and the next one finishes without copying anything twice', async () => {
    const total = (
      await Promise.all(BACKED_UP_STORES.map(async (name) => (await listKeys(openStore(name))).length))
    ).reduce((a, b) => a + b, 0);
    let checks = 0;
    const first = await exportBackup({ now: NOW, timeLeft: () => (++checks <= 4 ? 10_000 : 0) });
    expect(first).toMatchObject({ date: DATE, state: 'under way' });
    expect(first.copied).toBeGreaterThan(0);
    expect(first.copied).toBeLessThan(total);
    expect((await readCatalog(openStore('backups'))).complete).toEqual([]);
    const second = await exportBackup({ now: NOW });
    expect(second).toEqual({ date: DATE, state: 'complete', copied: total - first.copied, pruned: [] });
  });

  it(`keeps the newest ${BACKUPS_KEPT} complete backups, drops abandoned ones, and keeps a newer one under way`, async () => {
    const backups = openStore('backups');
    // Complete backups of the days before, an abandoned day among them, and a day after, under way.
    for (let days = 1; days <= BACKUPS_KEPT + 2; days++) {
      const date = dayAfter(days);
      await backups.set(`${date}/orders/BCC-OLD${days}`, '');
      if (days !== 3)
        await backups.setJSON(manifestKey(date), {
          date,
          finishedAt: NOW.toISOString(),
          stores: { orders: { blobs: 1 } },
        });
    }
    const under = dayAfter(BACKUPS_KEPT + 5);
    await backups.set(`${under}/orders/BCC-NEW`, '');
    const now = new Date(`${dayAfter(BACKUPS_KEPT + 3)}T03:00:00.000Z`);
    const today = dayAfter(BACKUPS_KEPT + 3);

    const summary = await exportBackup({ now });
    // Complete: DATE (from the test before), 15 of the 16 days, and today; 14 stay.
    const complete = [
      today,
      ...Array.from({ length: BACKUPS_KEPT + 2 }, (_, i) => dayAfter(BACKUPS_KEPT + 2 - i)).filter(
        (d) => d !== dayAfter(3),
      ),
      DATE,
    ];
    expect(summary.pruned).toEqual([...complete.slice(BACKUPS_KEPT), dayAfter(3)].sort());
    const catalog = await readCatalog(backups);
    expect(catalog.complete).toEqual(complete.slice(0, BACKUPS_KEPT));
    expect(await datesWithCopies()).toEqual([under, ...complete.slice(0, BACKUPS_KEPT)]);
    expect(await exportBackup({ now })).toEqual({ date: today, state: 'complete', copied: 0, pruned: [] });
  });
});

describe('against storage that fails at any write', () => {
  const blobs = useAtomicBlobsServer();

  /** A small site: a file with its metadata, a record, an empty marker; and the backups of the days before, one abandoned. */
  async function arrangeSite() {
    await openStore('files').set('BCC-AAAAAA-1/file', PDF.slice().buffer, {
      metadata: { name: 'Essay.pdf', kind: 'pdf', bytes: PDF.byteLength },
    });
    await openStore('orders').setJSON('BCC-AAAAAA', { id: 'BCC-AAAAAA', status: 'paid' });
    await openStore('timers').set('due/2026-11-25T03/2026-11-25T03:00:00.000Z/BCC-AAAAAA-1/ack-1', '');
    const backups = openStore('backups');
    for (let days = 1; days <= BACKUPS_KEPT + 1; days++) {
      const date = dayAfter(-days);
      await backups.set(`${date}/orders/BCC-OLD`, '');
      if (days !== 2)
        await backups.setJSON(manifestKey(date), {
          date,
          finishedAt: NOW.toISOString(),
          stores: { orders: { blobs: 1 } },
        });
    }
  }

  /** Every complete backup holds what its manifest records; today's, if complete, is the site's blobs. */
  async function expectEveryManifestWhole() {
    const backups = openStore('backups');
    const site = await storedBlobs();
    for (const date of (await readCatalog(backups)).complete) {
      const manifest = (await backups.get(manifestKey(date), { type: 'json' })) as Manifest;
      for (const [name, { blobs: count }] of Object.entries(manifest.stores)) {
        const copies = await listKeys(backups, { prefix: storePrefix(date, name as never) });
        expect(copies, `${date} ${name}`).toHaveLength(count);
        if (date !== DATE) continue;
        for (const copy of copies) {
          const found = (await backups.getWithMetadata(copy, { type: 'arrayBuffer' }))!;
          const key = copy.slice(storePrefix(date, name as never).length);
          expect({ bytes: Buffer.from(found.data).toString('base64'), metadata: found.metadata }).toEqual(
            site[name][key],
          );
        }
      }
    }
  }

  it('an export never writes a manifest for an incomplete copy, and the next run completes it', async () => {
    const writes = await walkFaults(blobs, {
      arrange: arrangeSite,
      act: () => exportBackup({ now: NOW }).catch((error: Error) => error),
      afterFault: expectEveryManifestWhole,
      async afterRetry(result) {
        expect(result).toMatchObject({ date: DATE, state: 'complete' });
        await expectEveryManifestWhole();
        const catalog = await readCatalog(openStore('backups'));
        expect(catalog.complete).toHaveLength(BACKUPS_KEPT);
        expect(catalog.complete[0]).toBe(DATE);
        expect(await datesWithCopies()).toEqual(catalog.complete);
      },
    });
    // Three copies, the manifest, an expired manifest, its copy and the abandoned day's copy.
    expect(writes).toBe(7);
  }, 300_000);

  it('a restore that failed at any write completes when run again', async () => {
    let site: Awaited<ReturnType<typeof storedBlobs>>;
    const writes = await walkFaults(blobs, {
      async arrange() {
        await arrangeSite();
        await exportBackup({ now: NOW });
        site = await storedBlobs();
        await Promise.all(BACKED_UP_STORES.map((name) => clearStore(name)));
      },
      act: () => restoreBackup(DATE).catch((error: Error) => error),
      afterFault: () => {},
      async afterRetry(result) {
        for (const report of restored(result as RestoreResult))
          expect(report).toMatchObject({ written: report.blobs - report.alreadyThere, differing: [], missing: [] });
        expect(await storedBlobs()).toEqual(site);
      },
    });
    expect(writes).toBe(3);
  }, 300_000);
});
