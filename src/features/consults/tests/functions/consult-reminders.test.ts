/**
 * The consult reminder, a scheduled function, on a fixed clock: it e-mails each booking
 * once, 24 hours ahead, not before, and not for a cancelled consult; two runs, at once or one after
 * the other, send it once; and it reads only the reminders that are due.
 */
import { getStore } from '@netlify/blobs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import reminders, { config } from '#functions/consult-reminders';
import { sendDueReminders } from '../../server/consult-reminders';
import { useAtomicBlobsServer } from '#tests/atomic-blobs-server';
import { book, cancelTokenFor, cancelWith, consultKeys, mailsTo, storedBooking } from '#tests/consults';
import { clearStore, context } from '#tests/functions';

// Booked on Monday 2 March 2026 at noon in New York.
const BOOKED_AT = new Date('2026-03-02T17:00:00.000Z');
const FRIDAY_10 = '2026-03-06T15:00:00.000Z'; // 10:00 EST: reminder due Thursday 15:00 UTC
const MONDAY_10_EDT = '2026-03-09T14:00:00.000Z'; // 10:00 EDT, after the change: due Sunday 8 March 14:00 UTC
const reminderMails = async (to: string) => (await mailsTo(to)).filter((m) => m.subject.startsWith('Reminder'));
/** The scheduled function as Netlify calls it: a POST with the next run's time. */
const runScheduled = async () =>
  (
    await reminders(
      new Request('http://localhost/.netlify/functions/consult-reminders', {
        method: 'POST',
        body: JSON.stringify({ next_run: new Date().toISOString() }),
      }),
      context(),
    )
  ).json();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(BOOKED_AT);
});
afterEach(() => vi.useRealTimers());

it('is a scheduled function with no URL', () => {
  expect(config).toEqual({ schedule: '*/5 * * * *' });
});

describe('against the local Blobs server', () => {
  beforeEach(() => Promise.all([clearStore('consults'), clearStore('outbox'), clearStore('limits')]));

  it('sends nothing before the reminder is due, then once at 24 hours ahead, and never again', async () => {
    const { body } = await book(FRIDAY_10, { email: 'friday@example.com' });
    vi.setSystemTime(new Date('2026-03-05T14:59:59.999Z'));
    expect(await runScheduled()).toEqual({ sent: 0 });
    expect(await reminderMails('friday@example.com')).toEqual([]);

    vi.setSystemTime(new Date('2026-03-05T15:00:00.000Z'));
    expect(await runScheduled()).toEqual({ sent: 1 });
    const [reminder] = await reminderMails('friday@example.com');
    expect(reminder.subject).toMatch(/^Reminder: your free consult on Friday, March 6 at 8:30\sPM$/);
    expect(reminder.text).toContain('cancel link in your confirmation e-mail');
    expect(await consultKeys('reminders/')).toEqual([]);

    vi.setSystemTime(new Date('2026-03-05T15:05:00.000Z'));
    expect(await runScheduled()).toEqual({ sent: 0 });
    expect(await reminderMails('friday@example.com')).toHaveLength(1);
    expect((await storedBooking(body.id))!.history).toEqual([
      { type: 'booked', at: BOOKED_AT.toISOString() },
      { type: 'reminder-sent', at: '2026-03-05T15:00:00.000Z' },
    ]);
  });

  it('is due 24 real hours ahead across the change to summer time', async () => {
    await book(MONDAY_10_EDT, { email: 'monday@example.com' });
    expect(await consultKeys('reminders/')).toEqual([
      expect.stringMatching(/^reminders\/2026-03-08\/2026-03-08T14:00:00\.000Z\//),
    ]);
    vi.setSystemTime(new Date('2026-03-08T13:59:00.000Z'));
    expect(await sendDueReminders({})).toEqual({ sent: 0 });
    vi.setSystemTime(new Date('2026-03-08T14:00:00.000Z'));
    expect(await sendDueReminders({})).toEqual({ sent: 1 });
  });

  it('sends only the due reminders and leaves later ones for their time', async () => {
    await book(FRIDAY_10, { email: 'friday@example.com' });
    await book(MONDAY_10_EDT, { email: 'monday@example.com' });
    vi.setSystemTime(new Date('2026-03-05T15:00:00.000Z'));
    expect(await sendDueReminders({})).toEqual({ sent: 1 });
    expect(await reminderMails('monday@example.com')).toEqual([]);
    expect(await consultKeys('reminders/')).toEqual([expect.stringMatching(/^reminders\/2026-03-08\//)]);
  });

  it('reads only the day folders due by now, and only the bookings due', async () => {
    await book(FRIDAY_10, { email: 'friday@example.com' });
    await book(MONDAY_10_EDT, { email: 'monday@example.com' });
    // Every store shares the client's prototype: watching it sees what the reminder run asks of Blobs.
    const prototype = Object.getPrototypeOf(getStore({ name: 'consults', consistency: 'strong' }));
    const read: string[] = [];
    const listed: string[] = [];
    const watch = (method: string, log: (args: unknown[]) => void) => {
      const original = prototype[method];
      return vi.spyOn(prototype, method).mockImplementation(function (this: unknown, ...args: unknown[]) {
        log(args);
        return original.apply(this, args);
      });
    };
    const spies = [
      watch('get', ([key]) => read.push(String(key))),
      watch('getWithMetadata', ([key]) => read.push(String(key))),
      watch('list', ([options]) => listed.push(String((options as { prefix?: string } | undefined)?.prefix))),
    ];
    try {
      vi.setSystemTime(new Date('2026-03-05T15:00:00.000Z'));
      await sendDueReminders({});
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    // Locally the booking's etag comes from a listing of its own key; no other folder is listed.
    expect(listed.filter((prefix) => !prefix.startsWith('bookings/') || prefix.length === 'bookings/'.length)).toEqual([
      'reminders/',
      'reminders/2026-03-05/',
    ]);
    expect(read.filter((key) => key.startsWith('bookings/'))).toHaveLength(1);
  });

  it('sends no reminder for a cancelled consult, and forgets it', async () => {
    await book(FRIDAY_10, { email: 'friday@example.com' });
    await cancelWith(await cancelTokenFor('friday@example.com'));
    vi.setSystemTime(new Date('2026-03-05T15:00:00.000Z'));
    expect(await sendDueReminders({})).toEqual({ sent: 0 });
    expect(await reminderMails('friday@example.com')).toEqual([]);
    expect(await consultKeys('reminders/')).toEqual([]);
  });

  it('skips a reminder that came due while nothing ran until after the consult began', async () => {
    await book(FRIDAY_10, { email: 'friday@example.com' });
    vi.setSystemTime(new Date('2026-03-06T15:00:00.000Z'));
    expect(await sendDueReminders({})).toEqual({ sent: 0 });
    expect(await consultKeys('reminders/')).toEqual([]);
  });
});

describe('two runs at once, against an in-memory store with real compare-and-set', () => {
  useAtomicBlobsServer();
  beforeEach(() => Promise.all([clearStore('consults'), clearStore('outbox'), clearStore('limits')]));

  it('send each reminder once', async () => {
    const emails = ['a@example.com', 'b@example.com', 'c@example.com'];
    for (const [i, email] of emails.entries())
      await book(new Date(Date.parse(FRIDAY_10) + i * 15 * 60_000).toISOString(), { email });
    vi.setSystemTime(new Date('2026-03-05T16:00:00.000Z'));
    const runs = await Promise.all([sendDueReminders({}), sendDueReminders({}), sendDueReminders({})]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(3);
    for (const email of emails) expect(await reminderMails(email)).toHaveLength(1);
    expect(await sendDueReminders({})).toEqual({ sent: 0 });
  });
});
