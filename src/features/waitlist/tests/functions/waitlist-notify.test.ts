/**
 * The waitlist is told when its editor has room: first come first served, a few per open slot,
 * each address once however the slots flicker, from the admin's change and from a project that
 * ends; and a run or a save cut short by storage is finished by its retry with one mail per address.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import confirmHandler from '#functions/confirm';
import editorHandler from '#functions/editor';
import waitlistHandler from '#functions/waitlist';
import { runDueTimers } from '#server/jobs/timers';
import { editorsRepo, forgetEditorLists, toPublicEditor } from '#features/editors/server/editors.repo';
import { listOutbox } from '#server/core/mail';
import { seedDemoEditors } from '#features/editors/server/seed';
import { timersRepo } from '#server/core/timers';
import { waitlistRepo } from '../../server/waitlist.repo';
import { storageMessages } from '#lib/messages';
import { WAITLIST_BATCH_INTERVAL_MS, WAITLIST_TOLD_PER_SLOT } from '../../waitlist';
import { asAdmin } from '#tests/admin-access';
import { useAtomicBlobsServer } from '#tests/atomic-blobs-server';
import { createUser } from '#tests/auth-emulator';
import { walkFaults } from '#tests/fault-walk';
import { call, clearStore, context, postForm } from '#tests/functions';
import { selection } from '#tests/orders';
import { act, paidOrder, submitText } from '#tests/projects';

const DANIEL = 'daniel-okafor'; // full in the demo data
const T0 = Date.parse('2030-01-01T09:00:00.000Z');
const FAR_FUTURE = new Date('2100-01-01T00:00:00Z');

/** People join in this order; their addresses sort otherwise, so order by address would show. */
const PEOPLE = [
  'zed@example.com',
  'amy@example.com',
  'max@example.com',
  'bea@example.com',
  'kim@example.com',
  'lee@example.com',
  'ann@example.com',
];

async function joinAll(editorId: string, people = PEOPLE) {
  const editor = (await editorsRepo().get(editorId))!;
  for (const [i, email] of people.entries())
    await waitlistRepo().join({ email, editorId, editorName: editor.name }, new Date(T0 + i * 1000));
}

/** The admin saves the editor with `slotsOpen`, through the endpoint. */
async function setSlots(editorId: string, slotsOpen: number) {
  const editor = (await editorsRepo().get(editorId))!;
  return call(editorHandler, `/api/database/editors/${editorId}`, {
    method: 'PUT',
    params: { id: editorId },
    json: { ...toPublicEditor(editor), slotsOpen },
    headers: await asAdmin(),
  });
}

const run = (at = new Date()) => runDueTimers(context(), at);

/**
 * Who got the waitlist mail about `editorName`, sorted (an address twice if mailed twice): one batch
 * shares a time, so the outbox does not keep their order; the entries show who was chosen.
 */
async function toldBy(editorName: string): Promise<string[]> {
  const mails = (await listOutbox(undefined, 200))
    .map((e) => e.value)
    .filter((m) => m.subject === `${editorName} has an open slot`);
  return mails.flatMap((m) => [m.to].flat()).sort();
}
const sorted = (list: string[]) => [...list].sort();

const waitlistTimers = async (editorId: string) =>
  (await timersRepo().due(FAR_FUTURE)).filter((t) => t.kind === 'waitlist' && t.subjectId === editorId);

async function resetStores() {
  await Promise.all(['editors', 'waitlist', 'timers', 'outbox', 'limits'].map(clearStore));
  forgetEditorLists();
  await seedDemoEditors();
}

beforeAll(() => {
  // A run logs what it could not do; the tests check what is stored instead.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterAll(() => vi.restoreAllMocks());

describe('an editor opens (the admin raises slots from 0)', () => {
  beforeEach(resetStores);

  it('tells the first few in the order they joined, once, with a link that chooses the editor', async () => {
    await joinAll(DANIEL);
    expect((await setSlots(DANIEL, 1)).status).toBe(200);
    // Nothing is sent with the save: the timer run tells them.
    expect(await toldBy('Daniel Okafor')).toEqual([]);
    expect((await run()).failed).toBe(0);

    const first = PEOPLE.slice(0, WAITLIST_TOLD_PER_SLOT);
    expect(await toldBy('Daniel Okafor')).toEqual(sorted(first));
    const mail = (await listOutbox(undefined, 50)).map((e) => e.value).find((m) => m.to === first[0])!;
    expect(mail.text).toContain('http://localhost:8888/select-services?editor=daniel-okafor');
    expect(mail.text).toContain('Daniel Okafor');
    for (const email of PEOPLE) {
      const entry = (await waitlistRepo().get(DANIEL, email))!;
      expect(entry.told ?? null, email).toEqual(first.includes(email) ? { at: expect.any(String), opening: 1 } : null);
    }

    // Runs again, and again later the same day: nobody is told twice, nobody more yet.
    await run();
    await run(new Date(Date.now() + 60 * 60_000));
    expect(await toldBy('Daniel Okafor')).toEqual(sorted(first));
  });

  it('tells a few per open slot, and the next few while the slots stay open', async () => {
    await joinAll(DANIEL);
    await setSlots(DANIEL, 2);
    const now = Date.now();
    await run(new Date(now));
    expect(await toldBy('Daniel Okafor')).toEqual(sorted(PEOPLE.slice(0, 6)));
    // Still open after the interval: the one left is told, and then nobody is left to tell.
    await run(new Date(now + WAITLIST_BATCH_INTERVAL_MS + 60_000));
    expect(await toldBy('Daniel Okafor')).toEqual(sorted(PEOPLE));
    expect(await waitlistTimers(DANIEL)).toEqual([]);
  });

  it('tells nobody for an editor deleted before the run', async () => {
    await joinAll(DANIEL);
    await setSlots(DANIEL, 1);
    await editorsRepo().remove(DANIEL);
    expect((await run()).failed).toBe(0);
    expect(await toldBy('Daniel Okafor')).toEqual([]);
  });

  it('tells nobody for an editor hidden from the site before the run', async () => {
    await joinAll(DANIEL);
    await setSlots(DANIEL, 1);
    await editorsRepo().setHidden(DANIEL, true);
    expect((await run()).failed).toBe(0);
    expect(await toldBy('Daniel Okafor')).toEqual([]);
  });

  it('an editor who was never full tells nobody when a slot comes back', async () => {
    await joinAll('maya-chen', PEOPLE.slice(0, 2));
    await editorsRepo().moveSlot('maya-chen', 'BCC-NEVERF-1#1', 'take');
    await editorsRepo().moveSlot('maya-chen', 'BCC-NEVERF-1#1', 'release');
    expect(await waitlistTimers('maya-chen')).toEqual([]);
    await run();
    expect(await toldBy('Maya Chen')).toEqual([]);
  });

  it('tells someone again only after they joined again', async () => {
    await joinAll(DANIEL, PEOPLE.slice(0, 2));
    await setSlots(DANIEL, 1);
    await run();
    await setSlots(DANIEL, 0);
    const rejoin = await call(waitlistHandler, '/api/waitlist', {
      method: 'POST',
      json: { email: PEOPLE[0], editorId: DANIEL },
    });
    expect(rejoin.status).toBe(202);
    // Asking is not joining: only the link mailed to the address puts it back in line.
    expect((await waitlistRepo().get(DANIEL, PEOPLE[0]))!.told).toBeDefined();
    const [asked] = (await listOutbox(undefined, 200))
      .map((m) => m.value)
      .filter((m) => /\/confirm\?token=/.test(m.text));
    const token = new URL(/http\S+\/confirm\?token=\S+/.exec(asked.text)![0]).searchParams.get('token')!;
    expect((await postForm(confirmHandler, '/confirm', { token })).status).toBe(200);
    expect((await waitlistRepo().get(DANIEL, PEOPLE[0]))!.told).toBeUndefined();
    await setSlots(DANIEL, 1);
    await run();
    expect(await toldBy('Daniel Okafor')).toEqual(sorted([PEOPLE[0], PEOPLE[1], PEOPLE[0]]));
    expect((await waitlistRepo().get(DANIEL, PEOPLE[0]))!.told).toEqual({ at: expect.any(String), opening: 2 });
  });
});

describe('a storm of slot changes', () => {
  beforeEach(resetStores);

  it('0→1→0→1→0→1 before a run is one telling: the opening that lasts', async () => {
    await joinAll(DANIEL);
    for (const slots of [1, 0, 1, 0, 1]) expect((await setSlots(DANIEL, slots)).status).toBe(200);
    expect((await editorsRepo().get(DANIEL))!.opening?.n).toBe(3);
    await run();
    expect(await toldBy('Daniel Okafor')).toEqual(sorted(PEOPLE.slice(0, 3)));
    expect(new Set((await waitlistRepo().all(DANIEL)).flatMap((e) => (e.told ? [e.told.opening] : [])))).toEqual(
      new Set([3]),
    );
  });

  it('openings with runs between tell the next in line each time, never anyone twice, never everyone at once', async () => {
    await joinAll(DANIEL);
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) {
      await setSlots(DANIEL, 1);
      await run();
      seen.push((await toldBy('Daniel Okafor')).length);
      await setSlots(DANIEL, 0);
      await run();
    }
    expect(seen).toEqual([3, 6, 7, 7]);
    expect(await toldBy('Daniel Okafor')).toEqual(sorted(PEOPLE));
  });
});

describe('many projects ending at the same moment (an atomic store, as Blobs is)', () => {
  useAtomicBlobsServer();
  beforeEach(resetStores);

  it('many slots given back at once make one opening, told a few per slot', async () => {
    const repo = editorsRepo();
    await repo.update(DANIEL, { ...toPublicEditor((await repo.get(DANIEL))!), slotsOpen: 5 });
    await Promise.all(Array.from({ length: 5 }, (_, i) => repo.moveSlot(DANIEL, `BCC-TEST${i}-1#1`, 'take')));
    expect((await repo.get(DANIEL))!.slotsOpen).toBe(0);
    await clearStore('timers');
    const many = Array.from({ length: 20 }, (_, i) => `p${String(i).padStart(2, '0')}@example.com`);
    await joinAll(DANIEL, many);

    // Five projects end at the same moment, each giving its slot back (and again, as a retry would).
    await Promise.all(Array.from({ length: 10 }, (_, i) => repo.moveSlot(DANIEL, `BCC-TEST${i % 5}-1#1`, 'release')));
    const editor = (await repo.get(DANIEL))!;
    expect(editor.slotsOpen).toBe(5);
    expect(editor.opening?.n).toBe(2);
    await Promise.all([run(), run()]);
    await run();
    const told = await toldBy('Daniel Okafor');
    expect(told).toEqual(sorted(many.slice(0, 15)));
  });
});

describe('a project ends and gives its slot back', () => {
  beforeEach(resetStores);

  it('tells the waitlist of its editor', async () => {
    const customer = await createUser();
    const maya = (await editorsRepo().get('maya-chen'))!;
    await editorsRepo().update('maya-chen', { ...toPublicEditor(maya), slotsOpen: 1 });
    const { projectIds } = await paidOrder(customer.idToken, selection());
    const submitted = await submitText(customer.idToken, { id: projectIds[0], version: 1 });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect((await editorsRepo().get('maya-chen'))!.slotsOpen).toBe(0);
    await joinAll('maya-chen', PEOPLE.slice(0, 2));

    const withdrawn = await act(customer.idToken, projectIds[0], 'withdraw', { version: submitted.body.version });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect((await editorsRepo().get('maya-chen'))!.slotsOpen).toBe(1);
    expect((await run(new Date(Date.now() + 60_000))).failed).toBe(0);
    expect(await toldBy('Maya Chen')).toEqual(sorted(PEOPLE.slice(0, 2)));
  });
});

describe('storage failing at any write', () => {
  const blobs = useAtomicBlobsServer();

  async function arrange() {
    forgetEditorLists();
    await seedDemoEditors();
    await joinAll(DANIEL);
  }

  it('the admin save answers 503 unless the opening and its timer are stored; a retry and a run tell three, once', async () => {
    const writes = await walkFaults(blobs, {
      arrange,
      act: () => setSlots(DANIEL, 1),
      async afterFault(res) {
        if (res.status === 200) expect(await waitlistTimers(DANIEL)).not.toEqual([]);
        else {
          expect(res.status).toBe(503);
          expect(res.body.error).toBe(storageMessages.saveFailed);
        }
      },
      async afterRetry(res) {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect((await run()).failed).toBe(0);
        expect(await toldBy('Daniel Okafor')).toEqual(sorted(PEOPLE.slice(0, 3)));
      },
    });
    expect(writes).toBeGreaterThanOrEqual(2);
  }, 300_000);

  it('a run cut short is finished by the next, with one mail per address', async () => {
    let at: Date;
    const writes = await walkFaults(blobs, {
      async arrange() {
        await arrange();
        await setSlots(DANIEL, 1);
        at = new Date(Date.now() + 1000);
      },
      act: () => run(at),
      afterFault: () => {},
      async afterRetry(summary) {
        expect(summary.failed).toBe(0);
        expect(await toldBy('Daniel Okafor')).toEqual(sorted(PEOPLE.slice(0, 3)));
        const told = (await waitlistRepo().all(DANIEL)).filter((e) => e.told).map((e) => e.email);
        expect(told).toEqual(PEOPLE.slice(0, 3));
        // The next batch stays planned; nothing due now is left.
        expect((await waitlistTimers(DANIEL)).every((t) => t.at.getTime() > at.getTime())).toBe(true);
      },
    });
    expect(writes).toBeGreaterThanOrEqual(7);
  }, 600_000);
});
