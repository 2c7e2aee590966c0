/**
 * The consult reminders, a day ahead (DESIGN §12), for the scheduled function. Idempotent: a booking
 * records its reminder by compare-and-set before the e-mail goes, so two runs, or a run repeated after
 * a failure, never send twice. It lists only the reminder folders due by now (consults.repo.ts) and
 * reads only their bookings.
 */
import { consultsRepo } from './consults.repo';
import { reminderMail, sendEach } from './consult-mail';
import type { DeployInfo } from './stores';

export async function sendDueReminders(info: DeployInfo, now = new Date()): Promise<{ sent: number }> {
  const repo = consultsRepo(info);
  let sent = 0;
  for (const due of await repo.dueReminders(now)) {
    const found = await repo.get(due.bookingId);
    const booking = found?.value;
    const wanted =
      booking?.status === 'booked' && Date.parse(booking.start) > now.getTime() && !booking.history.some((e) => e.type === 'reminder-sent');
    if (found && booking && wanted) {
      const reminded = { ...booking, history: [...booking.history, { type: 'reminder-sent' as const, at: now.toISOString() }] };
      // Cancelled or reminded meanwhile: leave the key, and the next run sees what happened.
      if (!(await repo.update(reminded, found.etag))) continue;
      await sendEach([reminderMail(reminded)], info, `Consult ${booking.id} reminder`);
      sent++;
    }
    await repo.deleteReminder(due.key);
  }
  return { sent };
}
