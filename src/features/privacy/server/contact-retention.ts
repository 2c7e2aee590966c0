/**
 * Inquiries and consult bookings older than RETENTION.contactDays, by the scheduled run. An inquiry
 * is deleted, its words and handled marker first, so a run cut off leaves the record for the next one to find.
 * A consult booking keeps its time and status (the month report counts it, and its cancel link still
 * names it) but loses the visitor's name and address; its slot claim or cancelled marker goes after
 * that, so the next run lists only what is left to do. Reads only what is due.
 */
import { RETENTION, RETENTION_WORDS } from '../privacy';
import { DAY_MS } from '#lib/time';
import { consultsRepo, type ConsultBooking } from '#features/consults/server/consults.repo';
import { inquiriesRepo } from '#features/contact/server/inquiries.repo';
import { listKeys } from '#server/storage/paging';
import { openStore, type DeployInfo } from '#server/storage/stores';

/** What a consult booking says of its visitor once the period is over. */
export const RETAINED_CONSULT_NAME = `Removed after ${RETENTION_WORDS.contact}`;

const HANDLED = 'handled/';

/** Deletes the inquiries received before `before`; answers how many. */
async function deleteInquiries(before: string, info?: DeployInfo): Promise<number> {
  const keys = new Set(
    (await listKeys(openStore('inquiries', info)))
      .map((key) => (key.startsWith(HANDLED) ? key.slice(HANDLED.length) : key))
      .filter((key) => key < before),
  );
  const inquiries = inquiriesRepo(info);
  for (const key of keys) await inquiries.remove(key);
  return keys.size;
}

const withoutVisitor = (booking: ConsultBooking): ConsultBooking => ({
  ...booking,
  name: RETAINED_CONSULT_NAME,
  email: '',
});

/** Takes the visitor out of the consults that started before `before`; answers how many. */
async function anonymiseConsults(before: Date, info?: DeployInfo): Promise<number> {
  const consults = consultsRepo(info);
  const indexed = await consults.indexedBefore(before);
  for (const { key, bookingId } of indexed) {
    const found = await consults.get(bookingId);
    if (found && found.value.name !== RETAINED_CONSULT_NAME) {
      // Only a cancel or a link changes a booking; a conflict is one of those, and the next run retries.
      if (!(await consults.update(found, withoutVisitor(found.value)))) continue;
    }
    await consults.unindex(key);
  }
  return indexed.length;
}

export async function runContactRetention(now: Date, info?: DeployInfo) {
  const before = new Date(now.getTime() - RETENTION.contactDays * DAY_MS);
  return {
    inquiries: await deleteInquiries(before.toISOString(), info),
    consults: await anonymiseConsults(before, info),
  };
}
