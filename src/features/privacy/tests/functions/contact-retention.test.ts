/**
 * Inquiries and consults past their retention period, by the scheduled run on a fixed clock: an
 * inquiry (handled or not) is deleted with its marker; a consult booking loses its visitor's name and
 * address and leaves the day's lists; neither is found by those words any more; younger ones are
 * untouched; a run cut off by storage at any write is completed by the next.
 */
import { describe, expect, it } from 'vitest';
import { consultsRepo, type ConsultBooking } from '#features/consults/server/consults.repo';
import { inquiriesRepo } from '#features/contact/server/inquiries.repo';
import { RETAINED_CONSULT_NAME, runContactRetention } from '../../server/contact-retention';
import { listKeys } from '#server/storage/paging';
import { openStore } from '#server/storage/stores';
import { RETENTION } from '../../privacy';
import type { Inquiry } from '#lib/schemas';
import { DAY_MS } from '#lib/time';
import { useAtomicBlobsServer } from '#tests/atomic-blobs-server';
import { walkFaults } from '#tests/fault-walk';

const blobs = useAtomicBlobsServer();

const OLD = new Date('2024-03-04T15:00:00.000Z');
const YOUNG = new Date('2025-06-01T15:00:00.000Z');
// Past the period of every old record (the cancelled consult started a day after the others).
const DUE = new Date(OLD.getTime() + (RETENTION.contactDays + 2) * DAY_MS);

const inquiry = (parentName: string): Inquiry => ({
  parentName,
  studentInfo: 'Sam, 11th grade',
  intendedMajor: 'computer-science',
  services: [],
  preferredEditor: 'any',
  turnaround: 'standard',
  email: 'pat.rivera@example.test',
  phone: '',
  details: 'Hello',
});

function booking(id: string, start: Date, status: ConsultBooking['status'] = 'booked'): ConsultBooking {
  return {
    id,
    start: start.toISOString(),
    end: new Date(start.getTime() + 15 * 60_000).toISOString(),
    name: 'Pat Rivera',
    email: 'pat.rivera@example.test',
    intendedMajor: 'computer-science',
    preferredEditor: 'any',
    timeZone: 'America/New_York',
    status,
    history: [{ type: 'booked', at: start.toISOString() }],
    sequence: 0,
    createdAt: start.toISOString(),
  };
}

const IDS = {
  held: '11111111-1111-4111-8111-111111111111',
  cancelled: '22222222-2222-4222-8222-222222222222',
  young: '33333333-3333-4333-8333-333333333333',
};

/** An old inquiry marked handled, an old open one, a young one; an old held consult, an old cancelled one, a young one. */
async function arrange() {
  const inquiries = inquiriesRepo();
  const handled = await inquiries.add(inquiry('Old handled'), OLD);
  await inquiries.setHandled(handled.key, true, OLD);
  await inquiries.add(inquiry('Old open'), new Date(OLD.getTime() + 1000));
  await inquiries.add(inquiry('Young'), YOUNG);
  const consults = consultsRepo();
  for (const b of [booking(IDS.held, OLD), booking(IDS.young, YOUNG)]) {
    expect(await consults.create(b)).toBe(true);
    expect(await consults.claimSlot(b)).toBe(true);
  }
  const cancelled = booking(IDS.cancelled, new Date(OLD.getTime() + DAY_MS), 'cancelled');
  expect(await consults.create(cancelled)).toBe(true);
  await consults.listCancelled(cancelled);
}

const inquiryNames = async () =>
  (await inquiriesRepo().list()).map(({ value }) => value.parentName).sort((a, b) => a.localeCompare(b));
const consultKeys = async () =>
  listKeys(openStore('consults'), { prefix: 'slots/' }).then(async (slots) => [
    ...slots,
    ...(await listKeys(openStore('consults'), { prefix: 'cancelled/' })),
  ]);

async function expectDone() {
  expect(await inquiryNames()).toEqual(['Young']);
  expect(await listKeys(openStore('inquiries'))).toHaveLength(1);
  for (const id of [IDS.held, IDS.cancelled]) {
    const kept = (await consultsRepo().get(id))!.value;
    expect(kept).toMatchObject({ name: RETAINED_CONSULT_NAME, email: '', start: expect.any(String) });
  }
  expect((await consultsRepo().get(IDS.young))!.value).toMatchObject({ name: 'Pat Rivera' });
  expect(await consultKeys()).toEqual([expect.stringContaining(YOUNG.toISOString())]);
  // The words that found the deleted inquiries and the anonymised bookings went with them.
  const [young] = await inquiriesRepo().list();
  const words = (list: string) => listKeys(openStore('indexes'), { prefix: `words/${list}/` });
  expect((await words('inquiries')).every((key) => key.endsWith(`/${young.key}`))).toBe(true);
  expect(await words('consults')).toEqual(
    expect.arrayContaining([`words/consults/pat/${IDS.young}`, `words/consults/rivera/${IDS.young}`]),
  );
  expect((await words('consults')).filter((key) => !key.endsWith(`/${IDS.young}`))).toEqual([]);
}

describe('inquiry and consult retention', () => {
  it('keeps everything until the period is over, then deletes inquiries and anonymises consults; a repeat changes nothing', async () => {
    blobs.reset();
    await arrange();
    await runContactRetention(new Date(OLD.getTime() + (RETENTION.contactDays - 1) * DAY_MS));
    expect(await inquiryNames()).toEqual(['Old handled', 'Old open', 'Young']);
    expect(await consultKeys()).toHaveLength(3);

    expect(await runContactRetention(DUE)).toEqual({ inquiries: 2, consults: 2 });
    await expectDone();
    const writes = blobs.writeCount();
    expect(await runContactRetention(DUE)).toEqual({ inquiries: 0, consults: 0 });
    expect(blobs.writeCount()).toBe(writes);
    await expectDone();
  });

  it('a run cut off at any write is completed by the next', async () => {
    const writes = await walkFaults(blobs, {
      arrange,
      act: () => runContactRetention(DUE).catch(() => null),
      afterFault: () => {},
      afterRetry: expectDone,
    });
    expect(writes).toBeGreaterThanOrEqual(6);
  }, 600_000);
});
