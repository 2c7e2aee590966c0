/**
 * `npm run backup:download -- <file>` writes the site as the backups hold it at their newest point
 * (or `--hour <YYYY-MM-DDTHH>`, an earlier hour still kept) into one gzipped file, to keep elsewhere:
 * off Netlify, the backups die with the site. `npm run restore -- --from <file>` brings it back.
 * With NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN it reads that Netlify site's backups; without them, those
 * of `npm start` (DATA_DIR). `--context <name>` reads another deploy context's.
 */
import { formatBytes } from '#lib/numbers';
import { z } from '#lib/zod';
import { downloadBackup } from '#server/backup/archive';
import { BackupUnusable } from '#server/backup/restore';
import { hourPattern } from '#server/storage/journal';
import { connectBlobs } from './platform/blobs-connect';
import { scriptArgs } from './platform/script-args';

const USAGE = 'Usage: npm run backup:download -- <file.jsonl.gz> [--hour <YYYY-MM-DDTHH>] [--context <name>]';
const argsSchema = z.object({
  positionals: z.array(z.string().min(1)).length(1, 'name the file to write, e.g. site.jsonl.gz'),
  values: z.object({
    hour: z.string().regex(hourPattern, 'an hour is named YYYY-MM-DDTHH, in UTC').optional(),
    context: z.string().min(1).optional(),
  }),
});

const { positionals, values } = scriptArgs(
  argsSchema,
  { hour: { type: 'string' }, context: { type: 'string' } },
  USAGE,
);
const site = await connectBlobs();
let code = 1;
try {
  const { point, blobs, bytes } = await downloadBackup(positionals[0], values.hour, {
    deploy: { context: values.context ?? '' },
  });
  console.log(
    `Wrote ${positionals[0]}: the site at the end of ${point} (UTC), ${blobs} blobs, ${formatBytes(bytes)} before compression.`,
  );
  code = 0;
} catch (error) {
  if (!(error instanceof BackupUnusable)) throw error;
  console.error(error.message);
} finally {
  await site.stop();
}
process.exit(code);
