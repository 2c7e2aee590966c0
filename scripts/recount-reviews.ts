/**
 * `npm run recount-reviews` rebuilds every editor's rating and on-time share, and the reviews on
 * their profiles, from the projects. The site keeps these numbers as reviews publish; this is for when
 * they may have drifted. Works on the local data of `npm start` (stop it first) or, with
 * NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN, on that site's Blobs.
 */
import { recountEditorStats } from '#features/projects/server/recount-reviews';
import { connectBlobs } from './platform/blobs-connect';

const site = await connectBlobs();
try {
  const changed = await recountEditorStats();
  console.log(`${site.where}: ${changed} editor${changed === 1 ? '' : 's'} recounted with a change.`);
} finally {
  await site.stop();
}
