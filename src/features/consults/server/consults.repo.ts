/**
 * The consults store, one blob per record (docs/decisions/014-consult-booking.md):
 *
 *   availability                         the admin's weekly windows, days off, open dates, meeting link; the defaults until saved
 *   bookings/<id>                        a booking with its history; changed only by compare-and-set
 *   slots/<UTC date>/<start>             the claim on one slot, { bookingId }: written `onlyIfNew`, deleted to free it
 *   cancelled/<UTC date>/<start>/<id>    empty: a cancelled booking, so the admin's list still shows it
 *   tokens/<SHA-256 of a cancel token>   { bookingId }
 *   reminders/<UTC date>/<due time>/<id> a reminder still to send, deleted once sent or moot
 *   booked/<UTC date>/<id>               empty: the day the booking was made, for the month report
 *
 * The words of the visitor's name and address find a booking, however old (storage/list-index.ts).
 *
 * A slot is taken exactly when its claim exists, so the free slots of two weeks come from listing the
 * claims of those days, never from reading bookings; the admin's list adds the cancelled ones of those days. Reminder keys sort by due time in one folder per
 * day: the reminder run lists the day folders up to today and reads only the bookings that are due.
 */
import { getJSONWithEtag, openStore, StorageError, type DeployInfo } from '#server/storage/stores';
import { listKeys, PERIOD_READS_AT_ONCE, readRecords } from '#server/storage/paging';
import {
  dayKeys,
  idsOfDays,
  keysComplete,
  monthPrefixes,
  rebuildKeys,
  within,
  writeWithKeys,
} from '#server/storage/kept-keys';
import { HOUR_MS, REMINDER_HOURS_BEFORE, type ConsultBasics } from '../consult-rules';
import { DEFAULT_AVAILABILITY, type Availability, type AvailabilitySettings } from '../consult-availability';
import { UUID } from '#lib/ids';
import { listIndex, type Indexed } from '#server/storage/list-index';
import type { WordLimit } from '#server/storage/kept-keys';

export interface ConsultBooking extends ConsultBasics {
  /** This consult's own meeting link, set by the admin; the availability's applies without it. */
  meetingLink?: string;
  /** The invite's iCalendar SEQUENCE: 0 for the invite, one more for each update (a new link, the cancellation). */
  sequence: number;
  createdAt: string;
}

const AVAILABILITY = 'availability';
const BOOKED = 'booked';
const bookedKeys = (booking: ConsultBooking) => dayKeys(BOOKED, booking.id, [booking.createdAt]);
/** Written once every booking has its day key (bookings made before it get theirs on the first read). */
const BOOKED_COMPLETE = 'booked-complete';
const REMINDERS = 'reminders/';
const bookingKey = (id: string) => `bookings/${id}`;
const tokenKey = (tokenHash: string) => `tokens/${tokenHash}`;
const slotKey = (start: string) => `slots/${start.slice(0, 10)}/${start}`;
const cancelledKey = (booking: Pick<ConsultBooking, 'id' | 'start'>) =>
  `cancelled/${booking.start.slice(0, 10)}/${booking.start}/${booking.id}`;

/** When a booking's reminder is due; the reminder key of a booking made later than that is never written. */
export const reminderDue = (booking: Pick<ConsultBooking, 'start'>) =>
  new Date(Date.parse(booking.start) - REMINDER_HOURS_BEFORE * HOUR_MS);
function reminderKey(booking: Pick<ConsultBooking, 'id' | 'start'>) {
  const due = reminderDue(booking).toISOString();
  return `${REMINDERS}${due.slice(0, 10)}/${due}/${booking.id}`;
}

/** What finds a booking: the visitor's name and address; one the retention took them out of, nothing. */
const indexed = (booking: ConsultBooking): Indexed => ({
  id: booking.id,
  fields: booking.email ? [booking.name, booking.email] : [],
});

export interface DueReminder {
  key: string;
  bookingId: string;
}

export function consultsRepo(info?: DeployInfo) {
  const store = openStore('consults', info);

  /** The keys under `root` ('slots', 'cancelled') of slots starting from `from` to `to`, one listing per UTC month. */
  async function keysInWindow(root: string, from: Date, to: Date): Promise<string[]> {
    const lists = await Promise.all(monthPrefixes(root, from, to).map((prefix) => store.list({ prefix })));
    const fromIso = from.toISOString();
    const toIso = to.toISOString();
    return lists
      .flatMap(({ blobs }) => blobs.map((b) => b.key))
      .filter((key) => {
        const start = key.split('/')[2];
        return start >= fromIso && start <= toIso;
      })
      .sort();
  }
  const claimKeys = (from: Date, to: Date) => keysInWindow('slots', from, to);
  const index = listIndex('consults', info);
  /** Every booking's words, made to agree with the bookings (`removeStray`: with nothing writing meanwhile). */
  const rebuildIndex = async (removeStray = false) =>
    index.rebuild((await bookingsIn(await listKeys(store, { prefix: bookingKey('') }))).map(indexed), removeStray);
  const bookingsIn = async (keys: string[]) =>
    (await readRecords<ConsultBooking>(store, keys)).map(({ value }) => value);
  const rebuildBooked = (removeStray = false) =>
    rebuildKeys<ConsultBooking>(store, {
      roots: [BOOKED],
      marker: BOOKED_COMPLETE,
      isRecord: (key) => key.startsWith(bookingKey('')),
      keysOf: bookedKeys,
      removeStray,
    });

  return {
    async availability(): Promise<AvailabilitySettings> {
      const saved = (await store.get(AVAILABILITY, { type: 'json' })) as AvailabilitySettings | null;
      // Saved before open dates and the meeting link existed: those start empty.
      return saved
        ? { ...saved, availability: { ...DEFAULT_AVAILABILITY, ...saved.availability } }
        : { availability: DEFAULT_AVAILABILITY, updatedAt: null };
    },
    /** The admin sends the whole pattern each time, so a plain write is the whole update. */
    async saveAvailability(availability: Availability, now = new Date()): Promise<AvailabilitySettings> {
      const settings: AvailabilitySettings = { availability, updatedAt: now.toISOString() };
      await store.setJSON(AVAILABILITY, settings);
      return settings;
    },

    /** Starts of the taken slots from `from` to `to`, from the key listing alone. */
    async takenSlots(from: Date, to: Date): Promise<Set<string>> {
      return new Set((await claimKeys(from, to)).map((key) => key.slice(key.lastIndexOf('/') + 1)));
    },
    /** The bookings holding slots from `from` to `to`, soonest first. */
    async heldBookings(from: Date, to: Date): Promise<ConsultBooking[]> {
      const claims = await readRecords<{ bookingId: string }>(store, await claimKeys(from, to));
      const bookings = await readRecords<ConsultBooking>(
        store,
        claims.map(({ value }) => bookingKey(value.bookingId)),
      );
      return bookings.map(({ value }) => value);
    },
    /** The bookings held or cancelled from `from` to `to`, soonest first: the admin's list. */
    async bookingsBetween(from: Date, to: Date): Promise<ConsultBooking[]> {
      const [held, cancelledKeys] = await Promise.all([
        this.heldBookings(from, to),
        keysInWindow('cancelled', from, to),
      ]);
      const heldIds = new Set(held.map((b) => b.id));
      const cancelledIds = cancelledKeys
        .map((key) => key.split('/')[3])
        .filter((id) => UUID.test(id) && !heldIds.has(id));
      const cancelled = await readRecords<ConsultBooking>(store, cancelledIds.map(bookingKey));
      return [...held, ...cancelled.map(({ value }) => value)].sort(
        (a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id),
      );
    },
    /** Keeps a cancelled booking in the admin's list; harmless to repeat. */
    listCancelled: (booking: ConsultBooking) => store.set(cancelledKey(booking), ''),

    /**
     * Bookings of every time, at most `limit` of them (which ones, when there are more, is not defined:
     * their keys are random), and how many there are: for the admin's search and month report.
     */
    async bookings(limit = Number.MAX_SAFE_INTEGER): Promise<{ items: ConsultBooking[]; total: number }> {
      const keys = await listKeys(store, { prefix: bookingKey('') });
      return { items: await bookingsIn(keys.slice(0, limit)), total: keys.length };
    },
    /** The bookings with a word starting with each of `words` (searchWords), or a few more, however old. */
    withWords: async (words: readonly string[], limit?: WordLimit) =>
      bookingsIn((await index.withWords(words, rebuildIndex, limit)).filter((id) => UUID.test(id)).map(bookingKey)),
    rebuildIndex,

    /** Writes a new booking, its slot not claimed yet; false when a booking with its id exists. */
    create: (booking: ConsultBooking) =>
      index.write(null, indexed(booking), () =>
        writeWithKeys(store, [], bookedKeys(booking), () =>
          store.setJSON(bookingKey(booking.id), booking, { onlyIfNew: true }),
        ),
      ),

    /** The bookings made from `from` (included) to `to` (excluded), whatever became of them. */
    async bookedBetween(from: Date, to: Date): Promise<ConsultBooking[]> {
      await keysComplete(store, BOOKED_COMPLETE, () => rebuildBooked());
      const ids = (await idsOfDays(store, BOOKED, from, to)).filter((id) => UUID.test(id));
      const records = await readRecords<ConsultBooking>(store, ids.map(bookingKey), PERIOD_READS_AT_ONCE);
      return records.map((r) => r.value).filter((booking) => within(booking.createdAt, from, to));
    },

    /** Makes the day keys agree with the bookings (`removeStray`: with nothing writing meanwhile). */
    rebuildBooked,
    /** Lets a cancel token's hash name the booking. The token is random: a conflict is storage answering wrongly. */
    async addToken(booking: ConsultBooking, tokenHash: string): Promise<void> {
      if (!(await store.setJSON(tokenKey(tokenHash), { bookingId: booking.id }, { onlyIfNew: true }))) {
        throw new StorageError(`Cancel token for ${booking.id} was refused as existing`);
      }
    },
    /** Removes a booking that lost the race for its slot: nobody ever saw it. */
    async discard(booking: ConsultBooking, tokenHash: string): Promise<void> {
      await store.delete(tokenKey(tokenHash));
      await index.write(indexed(booking), null, async () => {
        await store.delete(bookingKey(booking.id));
        return true;
      });
    },
    /** Claims the slot for the booking; false when someone holds it already. Atomic: `onlyIfNew`. */
    async claimSlot(booking: ConsultBooking): Promise<boolean> {
      return store.setJSON(slotKey(booking.start), { bookingId: booking.id }, { onlyIfNew: true });
    },
    /** The id of the booking holding the slot starting at `start`, if anyone does. */
    async slotHolder(start: string): Promise<string | null> {
      const claim = (await store.get(slotKey(start), { type: 'json' })) as { bookingId: string } | null;
      return claim?.bookingId ?? null;
    },
    /**
     * Frees the booking's slot. Only the request that cancelled the booking calls this, and no one
     * else can write an existing claim, so the claim is still this booking's; checking costs a read
     * and keeps a mistake elsewhere from freeing somebody else's slot.
     */
    async releaseSlot(booking: ConsultBooking): Promise<void> {
      if ((await this.slotHolder(booking.start)) === booking.id) await store.delete(slotKey(booking.start));
    },

    /** Null for an id that is not a UUID, before any read. */
    get: (id: string) =>
      UUID.test(id) ? getJSONWithEtag<ConsultBooking>(store, bookingKey(id)) : Promise.resolve(null),
    /**
     * Writes `booking` over the one `found` (as `get` answered it) if it is still at its etag; false
     * when someone changed it meanwhile. Its words follow a change of the visitor's name or address.
     */
    async update(found: { value: ConsultBooking; etag: string }, booking: ConsultBooking): Promise<boolean> {
      return index.write(indexed(found.value), indexed(booking), () =>
        store.setJSON(bookingKey(booking.id), booking, { onlyIfMatch: found.etag }),
      );
    },
    async bookingIdForToken(tokenHash: string): Promise<string | null> {
      const found = (await store.get(tokenKey(tokenHash), { type: 'json' })) as { bookingId: string } | null;
      return found?.bookingId ?? null;
    },

    scheduleReminder: (booking: ConsultBooking) => store.set(reminderKey(booking), ''),
    /** Reminders due at `now`, soonest first: only the day folders up to today are listed. */
    async dueReminders(now: Date): Promise<DueReminder[]> {
      const nowIso = now.toISOString();
      const { directories } = await store.list({ prefix: REMINDERS, directories: true });
      const dueDays = directories.filter((folder) => folder.slice(REMINDERS.length) <= nowIso.slice(0, 10));
      const lists = await Promise.all(dueDays.map((folder) => store.list({ prefix: `${folder}/` })));
      return lists
        .flatMap(({ blobs }) => blobs.map((b) => b.key))
        .sort()
        .flatMap((key) => {
          const [, , due, bookingId] = key.split('/');
          return due <= nowIso && bookingId ? [{ key, bookingId }] : [];
        });
    },
    deleteReminder: (key: string) => store.delete(key),
    forgetReminder: (booking: ConsultBooking) => store.delete(reminderKey(booking)),

    /**
     * The slot claims and cancelled markers of consults that started before `before`, with their
     * bookings' ids: the day folders before that day are listed, no booking is read.
     */
    async indexedBefore(before: Date): Promise<{ key: string; bookingId: string }[]> {
      const beforeIso = before.toISOString();
      const found: { key: string; bookingId: string }[] = [];
      for (const root of ['slots/', 'cancelled/']) {
        const { directories } = await store.list({ prefix: root, directories: true });
        const days = directories.filter((folder) => folder.slice(root.length) <= beforeIso.slice(0, 10));
        const keys = (await Promise.all(days.map((folder) => listKeys(store, { prefix: `${folder}/` }))))
          .flat()
          .filter((key) => key.split('/')[2] < beforeIso);
        if (root === 'cancelled/') found.push(...keys.map((key) => ({ key, bookingId: key.split('/')[3] })));
        else
          found.push(
            ...(await readRecords<{ bookingId: string }>(store, keys)).map(({ key, value }) => ({
              key,
              bookingId: value.bookingId,
            })),
          );
      }
      return found;
    },
    /** Takes a claim or marker `indexedBefore` found off the lists, once its booking no longer needs it. */
    unindex: (key: string) => store.delete(key),
  };
}
