/**
 * `npm run restore` brings the site's stores back as the hourly backups (the scheduled `backup-export`)
 * hold them at the end of the newest hour they have; `npm run restore -- <YYYY-MM-DDTHH>` as at the end
 * of an earlier hour still kept (two weeks); `npm run restore -- --list` says what is kept. With
 * NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN it works on that Netlify site's Blobs; without them, on the
 * local data of `npm start` (DATA_DIR, default .netlify/data); stop `npm start` first, or the site
 * writes into the stores while they are restored. The stores must be empty.
 *   --from <file>      a backup downloaded by `npm run backup:download`, rather than the site's backups
 *   --merge            restore into stores that hold blobs already: add what they lack, change nothing there
 *   --context <name>   the stores of another deploy context (e.g. branch-deploy) rather than production's
 * Exits 1 when it refused, or when a blob could not be restored as backed up.
 */
import { manifestedHours, readBase, readLatest } from '#server/backup/catalog';
import { readRehearsal } from '#server/backup/rehearsal';
import { restoreDownloaded } from '#server/backup/archive';
import { BackupUnusable, restoreBackup, type StoreRestore } from '#server/backup/restore';
import { hourPattern } from '#server/storage/journal';
import { openStore, type DeployInfo } from '#server/storage/stores';
import { z } from '#lib/zod';
import { connectBlobs } from './platform/blobs-connect';
import { scriptArgs } from './platform/script-args';

const argsSchema = z
  .object({
    positionals: z.array(z.string().regex(hourPattern, 'an hour is named YYYY-MM-DDTHH, in UTC')).max(1),
    values: z.object({
      list: z.boolean().optional(),
      merge: z.boolean().optional(),
      context: z.string().min(1).optional(),
      from: z.string().min(1).optional(),
    }),
  })
  .refine(
    ({ positionals, values }) => [values.list, positionals.length > 0, values.from].filter(Boolean).length <= 1,
    'name an hour, --from a file or --list: one of them',
  );

const blobs = (n: number) => `${n} blob${n === 1 ? '' : 's'}`;

async function list(info: DeployInfo) {
  const backups = openStore('backups', info);
  const [base, latest, hours, rehearsal] = await Promise.all([
    readBase(backups),
    readLatest(backups),
    manifestedHours(backups),
    readRehearsal(backups),
  ]);
  if (!base) console.log('No backup yet.');
  else if (!base.finishedAt)
    console.log(`The first copy began ${base.startedAt}; ${base.stores.length} stores copied so far.`);
  else console.log(`The first copy finished ${base.finishedAt}: ${blobs(base.blobs)}.`);
  if (latest) console.log(`Newest point: the end of ${latest.through} (checked ${latest.at}).`);
  if (hours.length > 0)
    console.log(
      `Hours kept with changes: ${hours.length}, ${hours[0]} to ${hours.at(-1)}; any hour from ${base?.foldedThrough ?? hours[0]} on can be restored.`,
    );
  if (rehearsal)
    console.log(
      rehearsal.finishedAt
        ? `Last rehearsal: ${rehearsal.point}, finished ${rehearsal.finishedAt}, ${rehearsal.problems.length ? `FAILED: ${rehearsal.problems.slice(0, 3).join('; ')}` : `${blobs(rehearsal.blobs)} as backed up`}.`
        : `A rehearsal of ${rehearsal.point} is under way.`,
    );
  return 0;
}

const line = (r: StoreRestore) =>
  `${r.store.padEnd(12)} ${blobs(r.blobs)}: ${r.written} written, ${r.alreadyThere} already there` +
  (r.differing.length
    ? `, ${r.differing.length} differ and were left as they are (${r.differing.slice(0, 5).join(', ')}${r.differing.length > 5 ? ', ...' : ''})`
    : '') +
  (r.missing.length ? `, ${r.missing.length} MISSING` : '');

async function restore(hour: string | undefined, info: DeployInfo, merge: boolean, from: string | undefined) {
  const result = from ? await restoreDownloaded(from, { info, merge }) : await restoreBackup(hour, { info, merge });
  if ('underWay' in result) throw new Error('A restore without a time limit stopped midway.');
  if ('refused' in result) {
    for (const { store, foreign } of result.refused)
      console.error(`The ${store} store is not empty: it holds ${blobs(foreign)} that the backup does not.`);
    console.error(
      'Nothing was written. Empty those stores first, or pass --merge to add the backup to what they hold.',
    );
    return 1;
  }
  for (const report of result.restored) console.log(line(report));
  const wrong = result.restored.some((r) => r.missing.length > 0 || (r.differing.length > 0 && !merge));
  console.log(
    wrong
      ? `The backup of ${result.point} was not restored as it was backed up: see above.`
      : `Restored the site as it was at the end of ${result.point} (UTC).`,
  );
  return wrong ? 1 : 0;
}

const USAGE = 'Usage: npm run restore -- [<YYYY-MM-DDTHH> | --from <file>] [--merge] [--context <name>] | --list';
const options = {
  list: { type: 'boolean' },
  merge: { type: 'boolean' },
  context: { type: 'string' },
  from: { type: 'string' },
} as const;
const { positionals, values } = scriptArgs(argsSchema, options, USAGE);
const info: DeployInfo = { deploy: { context: values.context ?? '' } };
const site = await connectBlobs();
console.log(`Blobs of ${site.where}${values.context ? `, deploy context ${values.context}` : ''}:`);
let code = 1;
try {
  code = values.list ? await list(info) : await restore(positionals[0], info, Boolean(values.merge), values.from);
} catch (error) {
  if (!(error instanceof BackupUnusable)) throw error;
  console.error(`${error.message} The backups there: npm run restore -- --list`);
} finally {
  await site.stop();
}
process.exit(code);
