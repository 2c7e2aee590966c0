/**
 * The consult reminders, a day ahead, for the scheduled function. Idempotent: a booking
 * records its reminder by compare-and-set, the e-mail is sent once for that record, and only then is
 * the reminder's key deleted; so two runs never send twice, and a run that failed midway is finished
 * by the next. It lists only the reminder folders due by now (consults.repo.ts) and reads only their
 * bookings.
 */
import { joinLink } from './consult-booking';
import { consultsRepo } from './consults.repo';
import { reminderMail, sendOnce } from './consult-mail';
import type { DeployInfo } from '#server/storage/stores';

export async function sendDueReminders(info: DeployInfo, now = new Date()): Promise<{ sent: number }> {
  const repo = consultsRepo(info);
  const [dueReminders, { availability }] = await Promise.all([repo.dueReminders(now), repo.availability()]);
  let sent = 0;
  for (const due of dueReminders) {
    const found = await repo.get(due.bookingId);
    let booking = found?.value;
    if (found && booking?.status === 'booked' && Date.parse(booking.start) > now.getTime()) {
      if (!booking.history.some((e) => e.type === 'reminder-sent')) {
        // The link that applies now, kept with the record so that a retry sends the same one.
        const link = joinLink(booking, availability);
        const reminded = {
          ...booking,
          history: [
            ...booking.history,
            { type: 'reminder-sent' as const, at: now.toISOString(), ...(link ? { link } : {}) },
          ],
        };
        // Cancelled or reminded meanwhile: leave the key, and the next run sees what happened.
        if (!(await repo.update(found, reminded))) continue;
        booking = reminded;
      }
      const reminder = booking.history.find((e) => e.type === 'reminder-sent')!;
      sent += await sendOnce(
        [reminderMail(booking, reminder.link ?? null)],
        info,
        `consult-${booking.id}-reminder`,
        new Date(reminder.at),
      );
    }
    await repo.deleteReminder(due.key);
  }
  return { sent };
}
