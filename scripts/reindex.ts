/**
 * `npm run reindex` rebuilds the structures kept beside the records from the records: who signs in as
 * an editor (the editors' sign-in pointers) and the audit log by subject. The site keeps both as
 * records change; this is for when they may have drifted, and it is safe to run again. Works on the
 * local data of `npm start` (stop it first) or, with NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN, on that
 * site's Blobs.
 */
import { editorsRepo } from '#features/editors/server/editors.repo';
import { rebuildAuditSubjects } from '#server/core/audit-log';
import { connectBlobs } from './platform/blobs-connect';

const site = await connectBlobs();
try {
  const accounts = await editorsRepo().rebuildAccounts();
  const subjects = await rebuildAuditSubjects();
  console.log(`${site.where}: editors' sign-in pointers ${accounts.written} written, ${accounts.removed} removed;`);
  console.log(`audit log by subject: ${subjects.written} written, ${subjects.removed} removed.`);
} finally {
  await site.stop();
}
