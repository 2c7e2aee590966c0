/**
 * `npm run reindex` rebuilds the structures kept beside the records from the records: who signs in as
 * an editor (the editors' sign-in pointers), the audit log by subject, and the keys that find the
 * orders, projects and consult bookings of a period (and the projects on an editor's shelves), and the words and
 * filters that find inquiries, consults, subscribers, waiting families and mails; then it counts the
 * month report's settled days, and the accountant's rows of the last year's settled days, not kept
 * yet. The site keeps both as
 * records change; this is for when they may have drifted, and it is safe to run again. Works on the
 * local data of `npm start` (stop it first) or, with NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN, on that
 * site's Blobs.
 */
import { consultsRepo } from '#features/consults/server/consults.repo';
import { editorsRepo } from '#features/editors/server/editors.repo';
import { ordersRepo } from '#features/orders/server/orders.repo';
import { projectsRepo } from '#features/projects/server/projects.repo';
import { keepSettledDays } from '#features/admin/server/reports';
import { rebuildAuditSubjects } from '#server/core/audit-log';
import { inquiriesRepo } from '#features/contact/server/inquiries.repo';
import { subscribersRepo } from '#features/contact/server/subscribers.repo';
import { rebuildOutboxIndex } from '#server/core/mail';
import { rebuildAttentionIndex } from '#server/core/attention';
import { waitlistRepo } from '#features/waitlist/server/waitlist.repo';
import { connectBlobs } from './platform/blobs-connect';

const site = await connectBlobs();
try {
  const accounts = await editorsRepo().rebuildAccounts();
  const subjects = await rebuildAuditSubjects();
  console.log(`${site.where}: editors' sign-in pointers ${accounts.written} written, ${accounts.removed} removed;`);
  console.log(`audit log by subject: ${subjects.written} written, ${subjects.removed} removed;`);
  // Keys no record backs are only skipped by readers; they go with --remove-stray, which must run with
  // nothing writing meanwhile (a write in flight has its new key before its record).
  const removeStray = process.argv.includes('--remove-stray');
  const kept = {
    'orders by day': await ordersRepo().rebuildKept(removeStray),
    'projects by day and shelf': await projectsRepo().rebuildKept(removeStray),
    'consults by day booked': await consultsRepo().rebuildBooked(removeStray),
    'inquiries by word': await inquiriesRepo().rebuildIndex(removeStray),
    'consults by word': await consultsRepo().rebuildIndex(removeStray),
    'subscribers by word': await subscribersRepo().rebuildIndex(removeStray),
    'the waitlist by word': await waitlistRepo().rebuildIndex(removeStray),
    'the outbox by word, recipient and kind': await rebuildOutboxIndex(undefined, removeStray),
    "the owner's notices by order": await rebuildAttentionIndex(undefined, removeStray),
  };
  for (const [what, { written, removed }] of Object.entries(kept))
    console.log(`${what}: ${written} written, ${removed} removed.`);
  // The hourly run counts a few weeks of days per run: after a deploy with years of history, this
  // counts them all at once, so the owner's first report and files read kept days.
  const days = await keepSettledDays({});
  console.log(`the month report's settled days and the files' rows: ${days.kept} days counted and kept.`);
} finally {
  await site.stop();
}
