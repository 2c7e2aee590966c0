/**
 * Backups (netlify/server/backup/): a site with every kind of record, made through the real endpoints
 * against the local Blobs server, is copied into the base, wiped and restored, and reads the same:
 * records, files byte for byte with their metadata, and timers still due, which still act. Each later
 * run copies what the journal names for the settled hours, and nothing else; a restore brings back the
 * hour's new orders and leaves out what was deleted, or goes back to an earlier hour; old hours fold
 * into the base; the rehearsal restores the newest point into scratch stores and reports a backup that
 * lost a blob. Against storage that fails at any write, a run never writes a manifest for an hour not
 * wholly copied, and a restore run again completes.
 */
import { reviewsRepo } from '#features/reviews/server/reviews.repo';
import { draftTextsRepo } from '#features/essay/server/draft-texts.repo';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { ledgerRepo } from '#features/payouts/server/ledger';
import { applicationsRepo } from '#features/applications/server/applications.repo';
import { staffRepo } from '#server/core/staff';
import { notificationChoices } from '#server/core/notifications';
import { samplesRepo } from '#features/editors/server/samples.repo';
import { submittedSampleOf, validApplication } from '#tests/api-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import availabilityHandler from '../../netlify/functions/admin-consult-availability';
import contactHandler from '../../netlify/functions/contact';
import ordersHandler from '../../netlify/functions/orders';
import projectsHandler from '../../netlify/functions/projects';
import subscribeHandler from '../../netlify/functions/subscribe';
import uploadsHandler from '../../netlify/functions/uploads';
import { attentionRepo, tellOwner } from '../../netlify/server/core/attention';
import { auditPage } from '../../netlify/server/core/audit-log';
import { manifestedHours, readBase, readLatest } from '../../netlify/server/backup/catalog';
import { exportBackup } from '../../netlify/server/backup/export';
import {
  BACKED_UP_STORES,
  basePrefix,
  hourManifestKey,
  hourPrefix,
  HOURS_KEPT,
  isBackedUpKey,
} from '../../netlify/server/backup/layout';
import { downloadBackup, restoreDownloaded } from '../../netlify/server/backup/archive';
import { readRehearsal, rehearseRestore, scratchOf } from '../../netlify/server/backup/rehearsal';
import { restoreBackup, type RestoreResult } from '../../netlify/server/backup/restore';
import { consultsRepo } from '../../src/features/consults/server/consults.repo';
import { customersRepo } from '../../src/features/orders/server/customers.repo';
import { projectFilesRepo } from '#features/essay/server/files';
import { projectsRepo } from '../../src/features/projects/server/projects.repo';
import { ordersRepo } from '../../src/features/orders/server/orders.repo';
import { runDueTimers } from '#server/jobs/timers';
import { editorsRepo, forgetEditorLists } from '../../src/features/editors/server/editors.repo';
import { inquiriesRepo } from '#features/contact/server/inquiries.repo';
import { listOutbox } from '../../netlify/server/core/mail';
import { currentHour, setJournalClock } from '../../netlify/server/storage/journal';
import { listKeys } from '../../netlify/server/storage/paging';
import { openStore } from '../../netlify/server/storage/stores';
import { subscriberKey, subscribersRepo } from '#features/contact/server/subscribers.repo';
import { timersRepo } from '../../netlify/server/core/timers';
import { uploadKeyOf, uploadsRepo } from '../../src/features/editors/server/uploads';
import { waitlistRepo } from '#features/waitlist/server/waitlist.repo';
import { DEFAULT_AVAILABILITY } from '../../src/features/consults/consult-availability';
import { DAY_MS, HOUR_MS } from '../../src/lib/time';
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

const DAY = '2026-11-24';
/** A time on DAY, as 'HH:MM' (UTC). */
const at = (time: string, days = 0) => Date.parse(`${DAY}T${time}:00.000Z`) + days * DAY_MS;
const NOW = new Date(at('03:00'));
const FAR_FUTURE = new Date('2100-01-01T00:00:00Z');

type Site = Record<string, Record<string, { bytes: string; metadata: Record<string, unknown> }>>;

/** Every blob of the backed-up stores (with `all`, the keys the records rebuild too), of a deploy context. */
async function storedBlobs({ all = false, scratch = false } = {}) {
  const site: Site = {};
  for (const name of BACKED_UP_STORES) {
    const store = openStore(name, scratch ? scratchOf() : undefined, { unjournaled: true });
    site[name] = {};
    for (const key of (await listKeys(store)).filter((key) => all || isBackedUpKey(name, key))) {
      const found = (await store.getWithMetadata(key, { type: 'arrayBuffer' }))!;
      site[name][key] = { bytes: Buffer.from(found.data).toString('base64'), metadata: found.metadata };
    }
  }
  return site;
}

const blobCount = (site: Site) => Object.values(site).reduce((sum, blobs) => sum + Object.keys(blobs).length, 0);

/** The blobs named in the journal for these hours, as `<store>/<key>`. */
async function journaled(...hours: string[]) {
  const journal = openStore('journal');
  const keys = await Promise.all(hours.map((hour) => listKeys(journal, { prefix: `${hour}/` })));
  return keys.flat().map((key) => key.slice(hours[0].length + 1));
}

async function wipeSite() {
  await Promise.all(BACKED_UP_STORES.map(clearStore));
  forgetEditorLists();
}

const restored = (result: RestoreResult) => {
  if (!('restored' in result)) throw new Error(`Not restored: ${JSON.stringify(result)}`);
  return result.restored;
};

describe('backups from the journal, on the local Blobs server', () => {
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
      audit: await auditPage({ limit: 200 }, {}),
      attention: await attentionRepo().page({ limit: 200 }),
      earnings: await ledgerRepo().entriesOf('maya-chen'),
      applications: await applicationsRepo().page('all', { limit: 50 }),
      samples: await samplesRepo().list('maya-chen'),
      team: await staffRepo().list(),
      notificationChoices: await notificationChoices().all(),
    };
  }

  beforeAll(async () => {
    await Promise.all([...BACKED_UP_STORES, 'backups', 'journal'].map(clearStore));
    setJournalClock(() => at('03:10'));
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
    // An application to edit for us, moved on to interviewing.
    const { key } = await applicationsRepo().add(validApplication(), NOW);
    await applicationsRepo().move(key, 'interviewing', { by: 'admin@example.test' }, NOW);
    // A sample edit of Maya's, waiting for our team.
    await submittedSampleOf('maya-chen', 'backup-sample');
    // A member of the team, who chose a digest of paid orders, and one paid order's notice.
    await staffRepo().invite('helper@example.test', 'staff', 'admin@example.test', NOW);
    await notificationChoices().set('helper@example.test', { kinds: ['order-paid'], digest: true }, NOW);
    // What an ended project earned its editor.
    await ledgerRepo().add([
      {
        id: 'earn-BCC-BACKUP-1-service',
        editorId: 'maya-chen',
        kind: 'earning',
        cents: 5250,
        at: NOW.toISOString(),
        payableAt: NOW.toISOString(),
        projectId: 'BCC-BACKUP-1',
        label: 'Supplemental Essay Help (Small)',
        part: 'service',
        payoutId: null,
      },
    ]);
  }, 120_000);

  afterAll(() => setJournalClock(null));

  let before: Site;
  let read: Awaited<ReturnType<typeof readSite>>;

  it('copies the whole site into the base once, and brings a wiped site back as it was: records, files byte for byte with metadata, timers still due and acting', async () => {
    // Read first: a first read may build and mark a kept index (the audit log's), which is data too.
    read = await readSite();
    const everything = await storedBlobs({ all: true });
    before = await storedBlobs();
    for (const name of BACKED_UP_STORES)
      expect(Object.keys(before[name]).length, `${name} holds something to back up`).toBeGreaterThan(0);
    expect(before.files[`${site.projectId}/${site.fileId}`].metadata).toMatchObject({
      name: 'Why us.pdf',
      kind: 'pdf',
    });
    expect(read.timers.map((t) => t.kind)).toEqual(expect.arrayContaining(['ack', 'expire']));

    // At 03:30 the hour 03 has not settled: the base alone holds the site.
    const summary = await exportBackup({ now: new Date(at('03:30')) });
    expect(summary).toMatchObject({ hours: [], through: `${DAY}T02`, state: 'complete', copied: blobCount(before) });
    const base = (await readBase(openStore('backups')))!;
    expect(base).toMatchObject({ blobs: blobCount(before), stores: BACKED_UP_STORES, foldedThrough: null });
    expect(base.finishedAt).not.toBeNull();

    await wipeSite();
    expect(blobCount(await storedBlobs())).toBe(0);

    const result = await restoreBackup(undefined);
    expect(result).toMatchObject({ point: `${DAY}T02` });
    for (const report of restored(result))
      expect(report).toMatchObject({ written: report.blobs, alreadyThere: 0, differing: [], missing: [] });
    expect(await storedBlobs()).toEqual(before);
    expect(await readSite()).toEqual(read);
    // The keys kept beside the records were not copied: the records rebuild them, as they were.
    const kept = (site: Site) =>
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

  let afterHour: Site;
  let newOrder = '';

  it("each hour copies what the journal names, and nothing else: a restore brings back the hour's new order and leaves out what it deleted", async () => {
    // Hour 03 (the arrangement, and the timer run above) is copied 20 minutes after it ends.
    const hour03 = await journaled(`${DAY}T03`);
    expect(await exportBackup({ now: new Date(at('04:20')) })).toMatchObject({
      hours: [`${DAY}T03`],
      through: `${DAY}T03`,
      state: 'complete',
    });
    // Hour 04 adds an order and drops a subscriber.
    setJournalClock(() => at('04:30'));
    newOrder = (await paidOrder(customer.idToken, selection())).orderId;
    await openStore('subscribers').delete(subscriberKey('reader+news@example.com'));
    afterHour = await storedBlobs();
    const named = await journaled(`${DAY}T04`);

    const summary = await exportBackup({ now: new Date(at('05:20')) });
    expect(summary).toMatchObject({ hours: [`${DAY}T04`], through: `${DAY}T04`, state: 'complete', gone: 1 });
    expect(summary.copied + summary.gone).toBe(named.length);
    expect(named.length).toBeLessThan(blobCount(afterHour) / 2);
    expect(hour03.length).toBeGreaterThan(0);
    // The hours' journal is emptied, and a second run in the same hour finds nothing to do.
    expect([...(await journaled(`${DAY}T03`)), ...(await journaled(`${DAY}T04`))]).toEqual([]);
    expect(await exportBackup({ now: new Date(at('05:40')) })).toMatchObject({ hours: [], copied: 0, gone: 0 });
    expect(await readLatest(openStore('backups'))).toMatchObject({
      through: `${DAY}T04`,
      last: { hour: `${DAY}T04`, gone: 1 },
    });

    await wipeSite();
    for (const report of restored(await restoreBackup(undefined)))
      expect(report).toMatchObject({ written: report.blobs, differing: [], missing: [] });
    const back = await storedBlobs();
    expect(back).toEqual(afterHour);
    expect(back.orders).toHaveProperty(newOrder);
    expect(back.subscribers).not.toHaveProperty(subscriberKey('reader+news@example.com'));
  }, 120_000);

  it('goes back to an earlier hour still kept, and the next hour records the site as restored', async () => {
    await wipeSite();
    setJournalClock(() => at('06:10'));
    const result = await restoreBackup(`${DAY}T03`);
    expect(result).toMatchObject({ point: `${DAY}T03` });
    const back = await storedBlobs();
    expect(back.orders).not.toHaveProperty(newOrder);
    expect(back.subscribers).toHaveProperty(subscriberKey('reader+news@example.com'));
    // What differs from the newest point is journaled: the new order's blobs and the subscriber.
    const named = await journaled(`${DAY}T06`);
    expect(named).toContain(`orders/${newOrder}`);
    expect(named).toContain(`subscribers/${subscriberKey('reader+news@example.com')}`);
    expect(named.length).toBeLessThan(blobCount(afterHour));
    await exportBackup({ now: new Date(at('07:20')) });
    await wipeSite();
    await restoreBackup(undefined);
    expect(await storedBlobs()).toEqual(back);
  }, 120_000);

  it('refuses a point not kept or not yet there, and a store that holds blobs not in the backup; --merge adds what is missing', async () => {
    setJournalClock(() => at('07:30'));
    await expect(restoreBackup(`${DAY}T09`)).rejects.toThrow(
      `There is no backup of ${DAY}T09 yet: the newest is of ${DAY}T06.`,
    );
    await wipeSite();
    await openStore('subscribers').setJSON('someone%40example.com', {
      email: 'someone@example.com',
      enabled: true,
      subscribedAt: NOW.toISOString(),
    });
    await openStore('orders').set('stray', '');
    expect(await restoreBackup(undefined)).toEqual({
      refused: [
        { store: 'subscribers', foreign: 1 },
        { store: 'orders', foreign: 1 },
      ],
    });
    expect(await listKeys(openStore('projects'))).toEqual([]);
    const merged = restored(await restoreBackup(undefined, { merge: true }));
    expect(merged.every((r) => r.missing.length === 0 && r.differing.length === 0)).toBe(true);
    expect(await listKeys(openStore('subscribers'))).toContain('someone%40example.com');
  }, 120_000);

  it('a restore run again after it stopped midway completes it, and reports blobs that differ', async () => {
    await wipeSite();
    const projects = openStore('projects');
    await restoreBackup(undefined); // a whole restore, then undo part of it: as if it had stopped there
    const keys = await listKeys(projects);
    await Promise.all(keys.slice(1).map((key) => projects.delete(key)));
    const [changed] = keys;
    await projects.set(changed, 'not what was backed up');
    const again = restored(await restoreBackup(undefined)).find((r) => r.store === 'projects')!;
    expect(again).toEqual({
      store: 'projects',
      blobs: keys.length,
      written: keys.length - 1,
      alreadyThere: 0,
      differing: [changed],
      missing: [],
    });
    await wipeSite();
    await restoreBackup(undefined);
  }, 120_000);

  it('the rehearsal restores the newest point into scratch stores, once a day, and reports a backup that lost a blob', async () => {
    const now = new Date(at('07:40'));
    const done = (await rehearseRestore({ now }))!;
    expect(done).toMatchObject({ point: `${DAY}T06`, phase: 'done', problems: [] });
    const scratch = await storedBlobs({ scratch: true });
    expect(scratch).toEqual(await storedBlobs());
    expect(done.blobs).toBe(blobCount(scratch));
    // Within the day it does not start again.
    expect(await rehearseRestore({ now: new Date(at('20:00')) })).toEqual(done);

    const backups = openStore('backups');
    const [lost] = await listKeys(backups, { prefix: hourPrefix(`${DAY}T04`) });
    const copy = (await backups.getWithMetadata(lost, { type: 'arrayBuffer' }))!;
    await backups.delete(lost);
    const failed = (await rehearseRestore({ now: new Date(at('08:00', 1)) }))!;
    expect(failed).toMatchObject({ phase: 'done' });
    expect(failed.problems).toEqual([expect.stringMatching(new RegExp(`^The backup of ${DAY}T04 holds`))]);
    expect(await readRehearsal(backups)).toEqual(failed);
    await backups.set(lost, copy.data, { metadata: copy.metadata });
  }, 120_000);

  it(`folds hours older than ${HOURS_KEPT / 24} days into the base, which then restores the same, and drops the daily backups of before`, async () => {
    const backups = openStore('backups');
    await backups.set('2026-11-10/orders/BCC-OLD', '');
    await backups.setJSON('2026-11-10.json', { date: '2026-11-10' });
    const site = await storedBlobs();
    const later = new Date(at('08:20', HOURS_KEPT / 24 + 1));
    const summary = await exportBackup({ now: later });
    expect(summary).toMatchObject({
      state: 'complete',
      folded: [`${DAY}T03`, `${DAY}T04`, `${DAY}T06`, `${DAY}T07`],
    });
    expect(summary.dropped).toEqual(['2026-11-10']);
    expect(await listKeys(backups, { prefix: '2026-11-10' })).toEqual([]);
    expect(await manifestedHours(backups)).toEqual([]);
    expect(await listKeys(backups, { prefix: 'hours/' })).toEqual([]);
    expect(await readBase(backups)).toMatchObject({ foldedThrough: `${DAY}T07` });
    await expect(restoreBackup(`${DAY}T04`)).rejects.toThrow(`The backups keep the hours from ${DAY}T07 on.`);
    await wipeSite();
    await restoreBackup(undefined);
    expect(await storedBlobs()).toEqual(site);
    expect(
      (await listKeys(backups, { prefix: basePrefix('orders') })).map((k) => k.slice(basePrefix('orders').length)),
    ).toEqual(Object.keys(site.orders));
  }, 120_000);

  it('downloads the newest point to one file, which brings back a site whose backups are lost too, and refuses a file cut short', async () => {
    const site = await storedBlobs();
    const dir = mkdtempSync(join(tmpdir(), 'bcc-download-'));
    const file = join(dir, 'site.jsonl.gz');
    const made = await downloadBackup(file, undefined);
    expect(made).toMatchObject({ point: (await readLatest(openStore('backups')))!.through, blobs: blobCount(site) });
    expect(existsSync(`${file}.partial`)).toBe(false);

    await wipeSite();
    await Promise.all(['backups', 'journal'].map(clearStore));
    setJournalClock(() => at('09:10', HOURS_KEPT / 24 + 1));
    const result = await restoreDownloaded(file);
    for (const report of restored(result))
      expect(report).toMatchObject({ written: report.blobs, alreadyThere: 0, differing: [], missing: [] });
    expect(await storedBlobs()).toEqual(site);
    // Journaled: the site's own backups copy what came back.
    expect((await journaled(currentHour())).length).toBe(blobCount(site));

    const lines = gunzipSync(readFileSync(file)).toString().split('\n');
    writeFileSync(file, gzipSync(lines.slice(0, 5).join('\n')));
    await expect(restoreDownloaded(file, { merge: true })).rejects.toThrow(
      `${file} holds 4 of the ${blobCount(site)} blobs it says it has: it was cut short.`,
    );
    writeFileSync(file, gzipSync('{"kind":"something else"}\n'));
    await expect(restoreDownloaded(file)).rejects.toThrow(`${file} is not a backup this site wrote (line 1).`);
    writeFileSync(file, readFileSync(file).subarray(0, 10));
    await expect(restoreDownloaded(file)).rejects.toThrow(`${file} could not be read`);
    rmSync(dir, { recursive: true, force: true });
  }, 120_000);
});

describe('time', () => {
  beforeAll(async () => {
    await Promise.all([...BACKED_UP_STORES, 'backups', 'journal'].map(clearStore));
    await resetOrderingStores();
  });
  afterAll(() => setJournalClock(null));

  it('a run out of time writes no manifest, and the next one finishes the hour without copying anything twice', async () => {
    expect(await exportBackup({ now: NOW })).toMatchObject({ state: 'complete' });
    setJournalClock(() => at('04:10'));
    const subscribers = subscribersRepo();
    for (let i = 0; i < 12; i++) await subscribers.subscribe(`reader${i}@example.com`, new Date(at('04:10')));
    const named = await journaled(`${DAY}T04`);
    let checks = 0;
    const first = await exportBackup({ now: new Date(at('05:20')), timeLeft: () => (++checks <= 6 ? 10_000 : 0) });
    expect(first).toMatchObject({ state: 'under way', hours: [] });
    expect(first.copied).toBeGreaterThan(0);
    expect(first.copied).toBeLessThan(named.length);
    expect(await openStore('backups').get(hourManifestKey(`${DAY}T04`), { type: 'text' })).toBeNull();
    const second = await exportBackup({ now: new Date(at('05:20')) });
    expect(second).toMatchObject({ state: 'complete', hours: [`${DAY}T04`], copied: named.length - first.copied });
    const manifest = (await openStore('backups').get(hourManifestKey(`${DAY}T04`), { type: 'json' })) as {
      copied: number;
      bytes: number;
    };
    expect(manifest.copied).toBe(named.length);
    const sizes = await Promise.all(
      (await listKeys(openStore('backups'), { prefix: hourPrefix(`${DAY}T04`) })).map(
        async (key) => (await openStore('backups').get(key, { type: 'arrayBuffer' }))!.byteLength,
      ),
    );
    expect(manifest.bytes).toBe(sizes.reduce((a, b) => a + b, 0));
  });
});

describe('against storage that fails at any write', () => {
  const blobs = useAtomicBlobsServer();
  afterAll(() => setJournalClock(null));

  /** A small site copied into the base at 02:30, then an hour of changes: a file with its metadata, an order changed, a timer deleted. */
  async function arrangeSite() {
    setJournalClock(() => at('01:10'));
    await openStore('orders').setJSON('BCC-AAAAAA', { id: 'BCC-AAAAAA', status: 'paid' });
    await openStore('timers').set('due/2026-11-25T03/2026-11-25T03:00:00.000Z/BCC-AAAAAA-1/ack-1', '');
    await exportBackup({ now: new Date(at('02:30')) });
    setJournalClock(() => at('03:10'));
    await openStore('files').set('BCC-AAAAAA-1/file', PDF.slice().buffer, {
      metadata: { name: 'Essay.pdf', kind: 'pdf', bytes: PDF.byteLength },
    });
    await openStore('orders').setJSON('BCC-AAAAAA', { id: 'BCC-AAAAAA', status: 'refunded' });
    await openStore('timers').delete('due/2026-11-25T03/2026-11-25T03:00:00.000Z/BCC-AAAAAA-1/ack-1');
  }

  /** Every manifested hour holds what it records; hour 03's copies are the site's blobs as they are. */
  async function expectEveryManifestWhole() {
    const backups = openStore('backups');
    const site = await storedBlobs();
    for (const hour of await manifestedHours(backups)) {
      const manifest = (await backups.get(hourManifestKey(hour), { type: 'json' })) as { copied: number; gone: number };
      const copies = await listKeys(backups, { prefix: hourPrefix(hour) });
      expect(copies, hour).toHaveLength(manifest.copied);
      expect(await listKeys(backups, { prefix: `gone/${hour}/` }), hour).toHaveLength(manifest.gone);
      if (hour !== `${DAY}T03`) continue;
      for (const copy of copies) {
        const found = (await backups.getWithMetadata(copy, { type: 'arrayBuffer' }))!;
        const [, , store, ...key] = copy.split('/');
        expect({ bytes: Buffer.from(found.data).toString('base64'), metadata: found.metadata }).toEqual(
          site[store][key.join('/')],
        );
      }
    }
  }

  it('a run never writes a manifest for an hour not wholly copied, and the next run completes it', async () => {
    const writes = await walkFaults(blobs, {
      arrange: arrangeSite,
      act: () => exportBackup({ now: new Date(at('04:20')) }).catch((error: Error) => error),
      afterFault: expectEveryManifestWhole,
      async afterRetry(result) {
        expect(result).toMatchObject({ state: 'complete', through: `${DAY}T03` });
        await expectEveryManifestWhole();
        expect(await manifestedHours(openStore('backups'))).toEqual([`${DAY}T01`, `${DAY}T03`]);
        expect(await journaled(`${DAY}T03`)).toEqual([]);
        const site = await storedBlobs();
        await Promise.all(BACKED_UP_STORES.map((name) => clearStore(name)));
        await restoreBackup(undefined);
        expect(await storedBlobs()).toEqual(site);
      },
    });
    // Two copies, a deletion's mark, the manifest and the newest point (the journal's writes are not counted).
    expect(writes).toBe(5);
  }, 300_000);

  it('a restore that failed at any write completes when run again', async () => {
    let site: Site;
    const writes = await walkFaults(blobs, {
      async arrange() {
        await arrangeSite();
        await exportBackup({ now: new Date(at('04:20')) });
        site = await storedBlobs();
        await Promise.all(BACKED_UP_STORES.map((name) => clearStore(name)));
      },
      act: () => restoreBackup(undefined).catch((error: Error) => error),
      afterFault: () => {},
      async afterRetry(result) {
        for (const report of restored(result as RestoreResult))
          expect(report).toMatchObject({ written: report.blobs - report.alreadyThere, differing: [], missing: [] });
        expect(await storedBlobs()).toEqual(site);
      },
    });
    expect(writes).toBe(2);
  }, 300_000);
});
