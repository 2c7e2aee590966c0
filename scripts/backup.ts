/**
 * `npm run backup` makes the backups' first whole copy (the base) in one go, without the scheduled
 * run's 30 seconds: for a site whose backups begin when it already holds years of data, where the
 * hourly runs would take weeks to list and copy it. Then the hourly runs go on from it. Safe to stop
 * and run again: what is copied is not copied again. Works on the local data of `npm start` (stop it
 * first) or, with NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN, on that site's Blobs.
 */
import { BASE_COPIES_BY_COMMAND, exportBackup } from '#server/backup/export';
import { connectBlobs } from './platform/blobs-connect';

const site = await connectBlobs();
try {
  const started = Date.now();
  const summary = await exportBackup({
    timeLeft: () => Number.POSITIVE_INFINITY,
    baseCopiesAtOnce: BASE_COPIES_BY_COMMAND,
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(
    `${site.where}: ${summary.copied} blobs copied in ${seconds} s; backup ${summary.state}${summary.through ? `, through ${summary.through}` : ''}.`,
  );
} finally {
  await site.stop();
}
